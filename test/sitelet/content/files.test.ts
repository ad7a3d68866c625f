import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { brotliCompressSync, gzipSync } from "node:zlib"
import { t } from "../../../src/descriptor/t.js"
import { Sitelet } from "../../../src/api/sitelet-namespace.js"
import type { Sitelet as SiteletOf } from "../../../src/sitelet/sitelet.js"
import { Content } from "../../../src/sitelet/content/content.js"
import { contentMessages } from "../../../src/sitelet/content/content-messages.js"
import { byteRange } from "../../../src/sitelet/http/byte-range.js"
import { mediaTypeOfPath } from "../../../src/sitelet/http/media-types.js"
import { expressHost, fetchHost, nodeHost, sendRaw, type HostUnderTest } from "../../host/support.js"

const base = mkdtempSync(join(tmpdir(), "sitelets-files-"))
const root = join(base, "public")
const css = "body { color: teal }\n".repeat(10)
const script = "console.log('app')\n".repeat(50)
const big = Buffer.alloc(1024 * 1024 + 7, 97)
beforeAll(() => {
  mkdirSync(join(root, "css"), { recursive: true })
  mkdirSync(join(root, "sub"))
  writeFileSync(join(root, "css", "site.css"), css)
  writeFileSync(join(root, "index.html"), "<h1>hi</h1>")
  writeFileSync(join(root, ".env"), "SECRET=1")
  writeFileSync(join(root, "big.bin"), big)
  writeFileSync(join(root, "empty.txt"), "")
  writeFileSync(join(root, "app.js"), script)
  writeFileSync(join(root, "app.js.br"), brotliCompressSync(script))
  writeFileSync(join(root, "app.js.gz"), gzipSync(script))
  writeFileSync(join(base, "secret.txt"), "outside the directory")
  writeFileSync(join(root, "a b ü.txt"), "spaced")
  symlinkSync(join(base, "secret.txt"), join(root, "out-link.txt"))
  symlinkSync(join(root, "index.html"), join(root, "in-link.html"))
})
afterAll(() => rmSync(base, { recursive: true, force: true }))

const Pages = t.union({ Home: "GET /", Report: "GET /report", Missing: "GET /missing" })
type Site = { $: "Home" } | { $: "Report" } | { $: "Missing" } | { $: "Static"; file: { $: "File"; path: string } }
const pages = Sitelet.Infer(Pages, {
  Home: (ctx) =>
    Content.Text(
      (ctx as never as { Link: (e: Site) => string }).Link({ $: "Static", file: { $: "File", path: "css/site.css" } }),
    ),
  Report: () => Content.File(join(root, "a b ü.txt"), { Download: "report ü.txt" }),
  Missing: () => Content.File(join(root, "nope.txt")),
})
const assets = Sitelet.Embed(
  (file: { $: "File"; path: string }): Site => ({ $: "Static", file }),
  (site: Site) => (site.$ === "Static" ? site.file : undefined),
  Sitelet.Shift(
    "static",
    Sitelet.Files(root, { CacheControl: (path) => (path.endsWith(".css") ? "public, max-age=60" : undefined) }),
  ),
)
// The pages link to the assets through the whole site: their context takes its endpoint type.
const site = Sitelet.Sum([pages as unknown as SiteletOf<Site>, assets])

const hosts: HostUnderTest[] = []
let nodePort = 0
beforeAll(async () => {
  const quiet = { onError: () => undefined }
  const node = await nodeHost(site, quiet)
  hosts.push(fetchHost(site, quiet), node, await expressHost(site, quiet))
  nodePort = Number(new URL(`http://x:${await portOf(node)}`).port)
})
afterAll(async () => {
  for (const host of hosts) await host.close()
})
// The support's node host sends through a raw socket: its port is found by a request that echoes nothing.
async function portOf(host: HostUnderTest): Promise<number> {
  void host
  const { createServer } = await import("node:http")
  const { NodeHandler } = await import("../../../src/host/node/index.js")
  const server = createServer(NodeHandler(site))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
  hosts.push({ name: "raw", send: () => Promise.reject(new Error("unused")), close: async () => void server.close() })
  return (server.address() as import("node:net").AddressInfo).port
}

const each = async (check: (host: HostUnderTest) => Promise<void>) => {
  for (const host of hosts.slice(0, 3)) await check(host)
}

describe("Sitelet.Files", () => {
  it("serves a file with its media type, length, validators and cache policy, and links back to it", async () => {
    await each(async (host) => {
      const response = await host.send({ target: "/static/css/site.css" })
      expect([response.status, response.body], host.name).toEqual([200, css])
      expect(response.headers.get("content-type"), host.name).toBe("text/css; charset=utf-8")
      expect(response.headers.get("content-length"), host.name).toBe(String(css.length))
      expect(response.headers.get("etag"), host.name).toMatch(/^"[0-9a-f]+-[0-9a-f]+-[0-9a-f]+"$/)
      expect(response.headers.get("last-modified"), host.name).toMatch(/ GMT$/)
      expect(response.headers.get("accept-ranges"), host.name).toBe("bytes")
      expect(response.headers.get("cache-control"), host.name).toBe("public, max-age=60")
      expect((await host.send({ target: "/" })).body, host.name).toBe("/static/css/site.css")
      expect((await host.send({ target: "/static/a%20b%20%C3%BC.txt" })).body, host.name).toBe("spaced")
      expect((await host.send({ target: "/static/empty.txt" })).body, host.name).toBe("")
    })
  })

  it("answers 304 to a client that has the file", async () => {
    await each(async (host) => {
      const first = await host.send({ target: "/static/css/site.css" })
      const etag = first.headers.get("etag") as string
      const byTag = await host.send({ target: "/static/css/site.css", headers: { "if-none-match": etag } })
      expect([byTag.status, byTag.body, byTag.headers.get("etag")], host.name).toEqual([304, "", etag])
      const since = first.headers.get("last-modified") as string
      const byDate = await host.send({ target: "/static/css/site.css", headers: { "if-modified-since": since } })
      expect(byDate.status, host.name).toBe(304)
      // Not HTTP dates (RFC 9110 §5.6.7): ignored, so the file is sent.
      for (const invalid of ["9999", "hello 3000"]) {
        const ignored = await host.send({ target: "/static/css/site.css", headers: { "if-modified-since": invalid } })
        expect([ignored.status, ignored.body], `${host.name} ${invalid}`).toEqual([200, css])
      }
    })
  })

  it("serves one range as 206, several as the whole file, an unsatisfiable one as 416", async () => {
    await each(async (host) => {
      const part = await host.send({ target: "/static/css/site.css", headers: { range: "bytes=0-3" } })
      expect([part.status, part.body, part.headers.get("content-range")], host.name).toEqual([
        206,
        "body",
        `bytes 0-3/${css.length}`,
      ])
      const tail = await host.send({ target: "/static/css/site.css", headers: { range: "bytes=-5" } })
      expect([tail.status, tail.body], host.name).toEqual([206, css.slice(-5)])
      const several = await host.send({ target: "/static/css/site.css", headers: { range: "bytes=0-1,4-5" } })
      expect([several.status, several.body], host.name).toEqual([200, css])
      const past = await host.send({ target: "/static/css/site.css", headers: { range: "bytes=99999-" } })
      expect([past.status, past.headers.get("content-range")], host.name).toEqual([416, `bytes */${css.length}`])
      const stale = await host.send({
        target: "/static/css/site.css",
        headers: { range: "bytes=0-3", "if-range": '"old"' },
      })
      expect(stale.status, host.name).toBe(200)
    })
  })

  it("answers HEAD without a body, and streams a large file whole", async () => {
    await each(async (host) => {
      const head = await host.send({ method: "HEAD", target: "/static/big.bin" })
      expect([head.status, head.body, head.headers.get("content-length")], host.name).toEqual([
        200,
        "",
        String(big.length),
      ])
      const whole = await host.send({ target: "/static/big.bin" })
      expect([whole.raw?.byteLength, whole.raw?.equals(big)], host.name).toEqual([big.length, true])
      expect(whole.headers.get("content-type"), host.name).toBe("application/octet-stream")
    })
  })

  it("serves a precompressed sibling the client accepts", async () => {
    await each(async (host) => {
      const br = await host.send({ target: "/static/app.js", headers: { "accept-encoding": "gzip, br" } })
      expect([br.headers.get("content-encoding"), br.headers.get("vary")], host.name).toEqual(["br", "Accept-Encoding"])
      expect(br.raw?.equals(brotliCompressSync(script)), host.name).toBe(true)
      expect(br.headers.get("content-type"), host.name).toBe("text/javascript; charset=utf-8")
      const gz = await host.send({ target: "/static/app.js", headers: { "accept-encoding": "gzip" } })
      expect(gz.headers.get("content-encoding"), host.name).toBe("gzip")
      const plain = await host.send({ target: "/static/app.js" })
      expect([plain.headers.has("content-encoding"), plain.body], host.name).toEqual([false, script])
      expect(plain.headers.get("etag"), host.name).not.toBe(br.headers.get("etag"))
    })
  })

  it("serves one file with Content.File: a download name, and 404 for a missing file", async () => {
    await each(async (host) => {
      const report = await host.send({ target: "/report" })
      expect(report.headers.get("content-disposition"), host.name).toBe(
        `attachment; filename="report _.txt"; filename*=UTF-8''report%20%C3%BC.txt`,
      )
      expect((await host.send({ target: "/missing" })).status, host.name).toBe(404)
    })
  })
})

describe("Sitelet.Files never reads outside its directory", () => {
  const hostile = [
    "/static/../secret.txt",
    "/static/%2e%2e/secret.txt",
    "/static/..%2fsecret.txt",
    "/static/..%2Fsecret.txt",
    "/static/..%5csecret.txt",
    "/static/..\\secret.txt",
    "/static/css%2fsite.css",
    "/static/index.html%00.css",
    "/static/.env",
    "/static/sub",
    "/static/sub/",
    "/static/out-link.txt",
    "/static/C:%5cWindows%5cwin.ini",
    "/static//etc/passwd",
    "/static/%2fetc%2fpasswd",
    "/static",
  ]
  it("answers every hostile path with a 4xx, never the secret, on the raw node host", async () => {
    for (const target of hostile) {
      const response = await sendRaw(nodePort, { target })
      expect(response.status, target).toBeGreaterThanOrEqual(400)
      expect(response.status, target).toBeLessThan(500)
      expect(response.body, target).not.toContain("outside the directory")
      expect(response.body, target).not.toContain("SECRET")
    }
  })
  it("does not serve a file under its path with a trailing slash (a directory's name)", async () => {
    expect((await sendRaw(nodePort, { target: "/static/css/site.css" })).status).toBe(200)
    for (const target of ["/static/css/site.css/", "/static/css/site.css//"])
      expect((await sendRaw(nodePort, { target })).status, target).toBe(404)
  })
  it("follows a link that stays inside", async () => {
    expect((await sendRaw(nodePort, { target: "/static/in-link.html" })).body).toBe("<h1>hi</h1>")
  })
  it("names files by extension from mime-db, and reads ranges as the RFC says", () => {
    expect(mediaTypeOfPath("a/b.JSON")).toBe("application/json; charset=utf-8")
    expect(mediaTypeOfPath("noext")).toBe("application/octet-stream")
    expect(mediaTypeOfPath("x.png")).toBe("image/png")
    expect(byteRange("bytes=5-2", 10)).toEqual({ kind: "all" })
    expect(byteRange("items=0-1", 10)).toEqual({ kind: "all" })
    expect(byteRange("bytes=0-99999999999999999999", 10)).toEqual({ kind: "range", start: 0, end: 9 })
    expect(byteRange("bytes=-0", 10)).toEqual({ kind: "unsatisfiable" })
    expect(byteRange("bytes=0-0", 0)).toEqual({ kind: "unsatisfiable" })
  })
  it("refuses to be built where there is no file system (Workers)", () => {
    const global = globalThis as { navigator?: unknown }
    const saved = Object.getOwnPropertyDescriptor(globalThis, "navigator")
    Object.defineProperty(globalThis, "navigator", { value: { userAgent: "Cloudflare-Workers" }, configurable: true })
    try {
      expect(() => Sitelet.Files(root)).toThrow(contentMessages.noFileSystem("Sitelet.Files"))
      expect(() => Content.File("x")).toThrow(contentMessages.noFileSystem("Content.File"))
    } finally {
      if (saved) Object.defineProperty(globalThis, "navigator", saved)
      else delete global.navigator
    }
  })
})
