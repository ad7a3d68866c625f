/**
 * Issue 26, item 2: the static export. A site of pages (JSX, links through
 * `ctx.Link`), JSON, a Files directory, and routes a static host cannot
 * serve is exported under the base path `/docs`; the output is served by a
 * real static file server (Express's `express.static`, which resolves
 * `/docs/about` to `about.html` and `/docs/about` to `about/index.html` after
 * its slash redirect), and every page it serves is compared with the live
 * sitelet's answer under the same base path. The report names every route
 * it could not export.
 */
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from "node:fs/promises"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import express from "express"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Sitelet } from "../../../src/api/sitelet-namespace.js"
import { Query } from "../../../src/descriptor/attributes.js"
import { t } from "../../../src/descriptor/t.js"
import { WebSocket } from "../../../src/descriptor/web-socket.js"
import { exportMessages } from "../../../src/host/export/export-plan.js"
import { ExportStatic, type ExportReport } from "../../../src/host/node/index.js"
import { Content } from "../../../src/sitelet/content/content.js"
import type { Context } from "../../../src/sitelet/context.js"
import type { Infer } from "../../../src/descriptor/descriptor.js"
import type { JSX } from "sitelets/jsx-runtime"

const pageCases = {
  Home: "GET /",
  About: "GET /about",
  Article: "GET /article/<id:int>",
  Tag: "GET /tag/<name>",
  Feed: "GET /feed.json",
  Items: "GET /api/items",
  Contact: "POST /contact",
  Search: t.case("GET /search", { q: Query(t.string) }),
  Events: "GET /events",
  Maybe: "GET /maybe",
} as const
const Pages = t.union(pageCases)
const StaticFile = t.union({ File: "GET /<...path>" })
const Site = t.union({
  ...pageCases,
  Dashboard: "GET /admin",
  Static: t.case("/static/<file>", { file: StaticFile }),
})
type Endpoint = Infer<typeof Site>

// A page as the example site writes them: a stylesheet from the Files part, a navigation, links through ctx.Link.
const page = async (ctx: Context<Endpoint>, title: string, body?: JSX.Element) =>
  Content.Page({
    Title: title,
    Head: await (<link rel="stylesheet" href={ctx.Link({ $: "Static", file: { $: "File", path: "site.css" } })} />),
    Body: await (
      <>
        <nav>
          <a href={ctx.Link({ $: "Home" })}>Home</a> <a href={ctx.Link({ $: "About" })}>About</a>
        </nav>
        <main>{body}</main>
      </>
    ),
  })

let root = ""
let publicDir = ""
let server: Server
let port = 0
const live = (dir: string) => site(dir)

function site(dir: string) {
  const pages = Sitelet.PartOf<Endpoint>().Infer(Pages, {
    Home: (ctx) =>
      page(
        ctx,
        "Home",
        <>
          <a href={ctx.Link({ $: "Article", id: 1 })}>first</a>
          <a href={ctx.Link({ $: "Tag", name: "a b" })}>tag</a>
          <p>{`base ${ctx.ApplicationPath}`}</p>
        </>,
      ),
    About: (ctx) => page(ctx, "About"),
    Article: (ctx, e) => page(ctx, `Article ${e.id}`),
    Tag: (ctx, e) => page(ctx, `Tag <${e.name}>`),
    Feed: () => Content.Json({ items: [1, 2] }),
    Items: () => Content.Json([{ id: 1 }]),
    Contact: () => Content.Text("thanks"),
    Search: (_ctx, e) => Content.Text(e.q),
    Events: () => Content.EventStream((async function* () {})()),
    Maybe: () => Content.NotFound(),
  })
  const admin = Sitelet.Protect<Endpoint>(
    { VerifyUser: () => true, LoginRedirect: () => ({ $: "Home" }) },
    Sitelet.PartOf<Endpoint>().Infer(t.union({ Dashboard: "GET /admin" }), { Dashboard: () => Content.Text("admin") }),
  )
  const files = Sitelet.Shift("static", Sitelet.EmbedInUnion(Site, "Static", Sitelet.Files(dir)))
  return Sitelet.Sum(pages, admin, files)
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "sitelets-export-"))
  publicDir = join(root, "public")
  await mkdir(join(publicDir, "img"), { recursive: true })
  await writeFile(join(publicDir, "site.css"), "body { margin: 0 }")
  await writeFile(join(publicDir, "img", "dot.svg"), "<svg/>")
  await writeFile(join(publicDir, ".secret"), "not for the web")
  await writeFile(join(root, "outside.txt"), "outside")
  await symlink(join(root, "outside.txt"), join(publicDir, "leak.txt"))
  const app = express()
  app.use("/docs", express.static(join(root, "out"), { extensions: ["html"] }))
  app.use("/dirs", express.static(join(root, "dirs"), { extensions: ["html"] }))
  server = createServer(app)
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()))
  await rm(root, { recursive: true, force: true })
})

describe("ExportStatic", () => {
  let report: ExportReport
  beforeAll(async () => {
    report = await ExportStatic(live(publicDir), {
      outDir: join(root, "out"),
      basePath: "/docs",
      endpoints: [
        { $: "Article", id: 1 },
        { $: "Article", id: 2 },
        { $: "Tag", name: "a b" },
        { $: "Tag", name: "x/y" },
      ],
    })
  })

  it("writes each answer where a static host serves it", () => {
    const files = Object.fromEntries(report.written.map((file) => [file.url, file.file]))
    expect(files).toEqual({
      "/": "index.html",
      "/about": "about.html",
      "/feed.json": "feed.json",
      "/api/items": "api/items.json",
      "/article/1": "article/1.html",
      "/article/2": "article/2.html",
      "/tag/a%20b": "tag/a b.html",
      "/static/img/dot.svg": "static/img/dot.svg",
      "/static/site.css": "static/site.css",
    })
  })

  it("serves, from a static file server, the live site's pages and files byte for byte", async () => {
    const handler = live(publicDir)
    for (const { url, file, contentType } of report.written) {
      const expected = await (await handler.Handle(new Request(`http://localhost/docs${url}`), {
        basePath: "/docs",
      }))!.text()
      // Every file at its own name; a page also at its URL (the static server adds .html, as GitHub Pages does).
      const named = await fetch(`http://127.0.0.1:${port}/docs/${file.split("/").map(encodeURIComponent).join("/")}`)
      expect(named.status, file).toBe(200)
      expect(await named.text(), file).toBe(expected)
      if (contentType.startsWith("text/html")) {
        const atUrl = await fetch(`http://127.0.0.1:${port}/docs${url}`)
        expect(atUrl.status, url).toBe(200)
        expect(await atUrl.text(), url).toBe(expected)
      }
    }
    const home = await (await fetch(`http://127.0.0.1:${port}/docs/`)).text()
    expect(home).toContain('href="/docs/article/1"')
    expect(home).toContain('href="/docs/static/site.css"')
    expect(home).toContain("base /docs")
  })

  it("reports every route it could not export, and why", () => {
    const byRoute = Object.fromEntries(report.skipped.map((entry) => [entry.route, entry.detail]))
    expect(byRoute).toMatchObject({
      "GET /admin": exportMessages.protected,
      "POST /contact": exportMessages.method(["POST"]),
      "GET /search": exportMessages.request(["the query field 'q'"]),
      "GET /static/.secret": exportMessages.notServed,
      "GET /static/leak.txt": exportMessages.notServed,
    })
    expect(Object.fromEntries(report.failed.map((entry) => [entry.url, entry.detail]))).toEqual({
      "/events": exportMessages.eventStream,
      "/maybe": exportMessages.status(404),
      "/tag/x%2Fy": exportMessages.badFileName,
    })
  })

  it("never writes outside the output directory, nor what the site refuses to serve", async () => {
    await expect(stat(join(root, "out", "static", ".secret"))).rejects.toThrow()
    await expect(stat(join(root, "out", "static", "leak.txt"))).rejects.toThrow()
    await expect(stat(join(root, "out", "tag", "x"))).rejects.toThrow()
  })

  it("reports a route with parameters when no listed value reaches it", async () => {
    const bare = await ExportStatic(live(publicDir), { outDir: join(root, "bare") })
    const routes = bare.skipped.filter((entry) => entry.reason === "parameters").map((entry) => entry.route)
    expect(routes).toEqual(["GET /article/{id}", "GET /tag/{name}"])
  })

  it("writes blog/1/index.html in the directory layout, served the same", async () => {
    const dirs = await ExportStatic(live(publicDir), {
      outDir: join(root, "dirs"),
      basePath: "/dirs",
      layout: "directory",
      endpoints: [{ $: "Article", id: 1 }],
    })
    expect(dirs.written.find((file) => file.url === "/article/1")?.file).toBe("article/1/index.html")
    expect(await readFile(join(root, "dirs", "about", "index.html"), "utf8")).toContain("<title>About</title>")
    const served = await fetch(`http://127.0.0.1:${port}/dirs/article/1/`)
    expect(await served.text()).toContain('href="/dirs/about"')
  })

  it("puts one URL the file system cannot take in report.failed and exports the rest (issue 35)", async () => {
    const long = "a".repeat(300)
    const report = await ExportStatic(live(publicDir), {
      outDir: join(root, "long"),
      endpoints: [
        { $: "Tag", name: long },
        { $: "Tag", name: "short" },
      ],
    })
    expect(report.failed.find((entry) => entry.url === `/tag/${long}`)?.detail).toBe(exportMessages.nameTooLong(239))
    expect(report.written.map((file) => file.url)).toContain("/tag/short")
    // A file where a directory must go: the file system's refusal, for that URL alone.
    await mkdir(join(root, "blocked"), { recursive: true })
    await writeFile(join(root, "blocked", "tag"), "a file, not a directory")
    const blocked = await ExportStatic(live(publicDir), {
      outDir: join(root, "blocked"),
      endpoints: [{ $: "Tag", name: "x" }],
    })
    expect(blocked.failed.find((entry) => entry.url === "/tag/x")?.detail).toMatch(/^could not be written: /)
    expect(blocked.written.map((file) => file.url)).toContain("/about")
  })

  it("skips a WebSocket route with its reason, and says why a root that is no page has no file", async () => {
    const Chat = WebSocket({ FromClient: t.string, FromServer: t.string })
    const Sockets = t.union({ Home: "GET /", Room: t.case("GET /rooms/<room>", {}, Chat) })
    const sockets = Sitelet.Infer(Sockets, {
      Home: () => Content.Text("plain text at the root"),
      Room: () => Content.WebSocket(Chat, () => undefined),
    })
    const report = await ExportStatic(sockets, { outDir: join(root, "sockets"), endpoints: [{ $: "Room", room: "a" }] })
    expect(report.skipped).toEqual([{ route: "GET /rooms/{room}", reason: "socket", detail: exportMessages.socket }])
    // Its listed value is not fetched (no 426 in the report): the route's reason covers it.
    expect(report.failed).toEqual([{ url: "/", detail: exportMessages.rootNotHtml("text/plain; charset=utf-8") }])
  })

  it("refuses options it cannot use, with the sentence", async () => {
    await expect(ExportStatic(live(publicDir), { outDir: "" })).rejects.toThrow(exportMessages.badOutDir(""))
    // @ts-expect-error -- not a layout
    await expect(ExportStatic(live(publicDir), { outDir: "x", layout: "flat" })).rejects.toThrow(
      exportMessages.badLayout("flat"),
    )
  })
})
