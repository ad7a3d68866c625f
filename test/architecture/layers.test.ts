/**
 * Issue 28, item 4: one direction in the house. Layers point down —
 * descriptor → template/json → router → sitelet → host → api (the public
 * namespaces) → the package entry — so no module of `sitelet/` imports
 * `host/`, hosts never import the public assembly, and no import cycle
 * crosses a directory. `site.Handle` keeps working where users build
 * sitelets: in a bundle of the packed package that builds a sitelet (the
 * Fetch host is plugged in where the public namespaces are), while a bundle
 * that only links carries no host code (test/client/bundle.test.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import { pathToFileURL } from "node:url"
import { build } from "esbuild"
import { describe, expect, it } from "vitest"
import { packPackage } from "../package/packed.js"

const root = new URL("../..", import.meta.url).pathname
const src = join(root, "src")

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : []
  })
}

/** Each module's relative imports and re-exports (type-only ones too: a layer is a layer for types as well). */
const graph = new Map(
  sources(src).map((file) => {
    const text = readFileSync(file, "utf8")
    const targets = [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"|^import\s+"(\.[^"]+)"/gm)].map(
      (match) => join(dirname(file), (match[1] ?? match[2]) as string).replace(/\.js$/, ".ts"),
    )
    return [file, targets] as const
  }),
)
const layer = (file: string) => relative(src, file).split("/")[0] as string

/**
 * The rooms and the rooms each may import, read from docs/architecture.md's
 * table (the page and the test are one list): `router/table/` → ["descriptor", "router", "router/codec"].
 */
const rooms: ReadonlyMap<string, readonly string[]> = (() => {
  const page = readFileSync(join(root, "docs/architecture.md"), "utf8")
  const table = page.slice(page.indexOf("<!-- rooms:"))
  const rows = [...table.matchAll(/^\| `([a-z/]+)\/` \|[^|]*\| ([^|]*) \|$/gm)]
  return new Map(
    rows.map((row) => [
      row[1] as string,
      [...(row[2] as string).matchAll(/`([a-z/]+)\/`/g)].map((name) => name[1] as string),
    ]),
  )
})()

/** A module's room: the deepest room of the table whose folder holds it; `""` for the package entries at the top. */
function roomOf(file: string): string {
  const path = relative(src, file)
  let found = ""
  for (const room of rooms.keys()) if (path.startsWith(`${room}/`) && room.length > found.length) found = room
  return found
}

function importsAcross(from: string, to: string): string[] {
  return [...graph].flatMap(([file, targets]) =>
    layer(file) === from
      ? targets
          .filter((target) => layer(target) === to)
          .map((target) => `${relative(src, file)} → ${relative(src, target)}`)
      : [],
  )
}

/** Strongly connected components of the import graph with more than one module (Tarjan). */
function cycles(): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (file: string) => {
    index.set(file, counter)
    low.set(file, counter++)
    stack.push(file)
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (stack.includes(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!))
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = []
      let top: string
      do {
        top = stack.pop()!
        component.push(top)
      } while (top !== file)
      if (component.length > 1) found.push(component)
    }
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return found
}

describe("layers", () => {
  it("reads the whole source tree", () => {
    expect(graph.size).toBeGreaterThan(150)
    expect(importsAcross("host", "sitelet").length).toBeGreaterThan(10)
  })

  it("sitelet/ imports nothing from host/ or api/; host/ nothing from api/", () => {
    expect(importsAcross("sitelet", "host")).toEqual([])
    expect(importsAcross("sitelet", "api")).toEqual([])
    expect(importsAcross("host", "api")).toEqual([])
    for (const lower of ["descriptor", "template", "json", "router", "internal", "client", "link"])
      for (const upper of ["sitelet", "host", "api", "openapi", "react", "redis", "cloudflare"])
        expect(importsAcross(lower, upper)).toEqual([])
  })

  it("link/ (sitelets/link, sitelets/route) imports no full router, body reader, codec or client; nothing below it imports link/", () => {
    for (const lower of ["descriptor", "template", "json", "router", "internal"])
      expect(importsAcross(lower, "link")).toEqual([])
    expect(importsAcross("link", "json")).toEqual([])
    expect(importsAcross("link", "client")).toEqual([])
    const readers =
      /router\/(?:[a-z]+\/)?(infer|path-codec|shape|alternative|union-codec|body|multipart|make-router|combinators)\.ts$/
    expect(importsAcross("link", "router").filter((edge) => readers.test(edge))).toEqual([])
  })

  it("sitelets/fetch (client/fetch-*.ts) imports no full router, body reader, one-pass JSON reader or template parser", () => {
    const tier = /^client\/(fetch-entry|fetch-router|fetch-request|fetch-send|request-parts)\.ts/
    const heavy =
      /(router\/(?:[a-z]+\/)?(infer|path-codec|shape|alternative|union-codec|body|multipart|make-router|combinators|namespace)|json\/(?:[a-z]+\/)?(codec|json-namespace|read-[a-z-]+)|template\/parse-template|client\/(client-router|request|install|events|socket))\.ts$/
    const edges = importsAcross("client", "router")
      .concat(importsAcross("client", "json"), importsAcross("client", "template"), importsAcross("client", "client"))
      .filter((edge) => tier.test(edge))
    expect(edges.length).toBeGreaterThan(0)
    expect(edges.filter((edge) => heavy.test(edge.split(" → ")[1] ?? edge))).toEqual([])
  })

  it("imports React from react/ only (an optional peer dependency)", () => {
    const importers = sources(src).filter((file) =>
      /^import[^;]*?from\s+"react(?:-dom)?(?:\/[^"]*)?"/m.test(readFileSync(file, "utf8")),
    )
    expect(importers.map((file) => relative(src, file)).filter((file) => !file.startsWith("react/"))).toEqual([])
    expect(importers.length).toBeGreaterThan(0)
  })

  it("imports no Redis client anywhere: sitelets/redis takes the application's (ioredis, iovalkey, node-redis)", () => {
    const importers = sources(src).filter((file) =>
      /^import\s+(?:type\s+)?(?:[\w*\s,]+|\{[^}]*\})\s+from\s+"(ioredis|iovalkey|redis|@redis\/[^"]*)"/m.test(
        readFileSync(file, "utf8"),
      ),
    )
    expect(importers.map((file) => relative(src, file))).toEqual([])
    expect(importsAcross("sitelet", "redis")).toEqual([])
  })

  it("imports the MCP SDK from mcp/ only (an optional peer dependency)", () => {
    const importers = sources(src).filter((file) =>
      /^import\s+(?:type\s+)?(?:[\w*\s,]+|\{[^}]*\})\s+from\s+"@modelcontextprotocol\//m.test(
        readFileSync(file, "utf8"),
      ),
    )
    expect(importers.map((file) => relative(src, file))).toEqual(["mcp/mcp-server.ts"])
    for (const lower of ["descriptor", "template", "json", "router", "sitelet", "host", "client", "link", "openapi"])
      expect(importsAcross(lower, "mcp")).toEqual([])
  })

  it("imports OpenTelemetry from otel/ only (an optional peer dependency)", () => {
    const importers = sources(src).filter((file) =>
      /^import\s+(?:type\s+)?(?:[\w*\s,]+|\{[^}]*\})\s+from\s+"@opentelemetry\//m.test(readFileSync(file, "utf8")),
    )
    expect(importers.map((file) => relative(src, file))).toEqual(["otel/open-telemetry.ts"])
    for (const lower of ["descriptor", "template", "json", "router", "sitelet", "host", "client", "link"])
      expect(importsAcross(lower, "otel")).toEqual([])
  })

  it("knows every folder of src/ as a room of docs/architecture.md, and every room as a folder", () => {
    const folders = new Set(
      sources(src)
        .map((file) => dirname(relative(src, file)))
        .filter((dir) => dir !== "."),
    )
    expect([...folders].filter((folder) => !rooms.has(folder))).toEqual([])
    expect([...rooms.keys()].filter((room) => !folders.has(room))).toEqual([])
    expect(rooms.get("router/table")).toEqual(["descriptor", "router", "router/codec", "router/link"])
  })

  it("lists the rooms bottom-up: a room imports only rooms above its row (descriptor/ and template/ excepted)", () => {
    const order = [...rooms.keys()]
    const pair = new Set(["descriptor>template", "template>descriptor"])
    const upward = order.flatMap((room, at) =>
      (rooms.get(room) ?? [])
        .filter((imported) => !pair.has(`${room}>${imported}`) && !order.slice(0, at).includes(imported))
        .map((imported) => `${room}/ → ${imported}/`),
    )
    expect(upward).toEqual([])
  })

  it("draws every room once in the page's picture, no room importing a room drawn higher", () => {
    const page = readFileSync(join(root, "docs/architecture.md"), "utf8")
    const block = /<!-- layers:[^\n]*\n```text\n([\s\S]*?)```/.exec(page)?.[1] ?? ""
    const layerOf = new Map<string, number>()
    const drawn: string[] = []
    block
      .trim()
      .split("\n")
      .forEach((line, height) => {
        for (const name of line.trim().split(/\s+/).slice(1)) {
          drawn.push(name.replace(/\/$/, ""))
          layerOf.set(name.replace(/\/$/, ""), height)
        }
      })
    expect(drawn.sort()).toEqual([...rooms.keys()].sort())
    const higher = [...rooms].flatMap(([room, allowed]) =>
      allowed
        .filter((imported) => layerOf.get(imported)! < layerOf.get(room)!)
        .map((imported) => `${room}/ → ${imported}/`),
    )
    expect(higher).toEqual([])
  })

  it("holds no more than 24 source files in any folder of src/ (a larger room gets rooms of its own)", () => {
    const counts = new Map<string, number>()
    for (const file of sources(src)) {
      const folder = dirname(relative(src, file))
      counts.set(folder, (counts.get(folder) ?? 0) + 1)
    }
    expect([...counts].filter(([, count]) => count > 24)).toEqual([])
    expect(counts.get("sitelet")).toBeGreaterThan(10)
  })

  it("gives every room an index.ts whose header says what it is for and the rooms it may import, as its row does", () => {
    const wrong = [...rooms].flatMap(([room, allowed]) => {
      const file = join(src, room, "index.ts")
      if (!existsSync(file)) return [`${room}/: no index.ts`]
      const text = readFileSync(file, "utf8")
      const header = /^\/\*\*([\s\S]*?)\*\//.exec(text)?.[1]?.replace(/\n\s*\* ?/g, " ")
      if (header === undefined) return [`${room}/index.ts: no header`]
      const said = /[Ii]t may import ([^.]*)\./.exec(header)?.[1]
      const named = said === undefined ? [] : [...said.matchAll(/`([a-z/]+)\/`/g)].map((match) => match[1])
      if (said === undefined && !/It imports no other room\./.test(header))
        return [`${room}/index.ts: no 'It may import …'`]
      return named.join() === allowed.join()
        ? []
        : [`${room}/index.ts says ${named.join(", ") || "none"}, its row ${allowed.join(", ") || "none"}`]
    })
    expect(wrong).toEqual([])
  })

  it("imports between rooms only along the arrows docs/architecture.md lists", () => {
    const wrong = [...graph].flatMap(([file, targets]) => {
      const from = roomOf(file)
      if (from === "") return []
      const allowed = rooms.get(from) ?? []
      return targets
        .filter((target) => {
          const to = roomOf(target)
          return to !== from && !allowed.includes(to)
        })
        .map((target) => `${relative(src, file)} → ${relative(src, target)}`)
    })
    expect(wrong).toEqual([])
  })

  it("keeps every source file to one idea: none over 400 lines", () => {
    const long = sources(src)
      .map((file) => [relative(src, file), readFileSync(file, "utf8").split("\n").length - 1] as const)
      .filter(([, lines]) => lines > 400)
    expect(long).toEqual([])
  })

  it("has no import cycle spanning two rooms", () => {
    const across = cycles().filter((component) => new Set(component.map(roomOf)).size > 1)
    expect(across.map((component) => component.map((file) => relative(src, file)).sort())).toEqual([])
  })

  it("has no import cycle across folders", () => {
    const across = cycles().filter((component) => new Set(component.map((file) => dirname(file))).size > 1)
    expect(across.map((component) => component.map((file) => relative(src, file)).sort())).toEqual([])
  })
})

describe("site.Handle in a bundle of the packed package", () => {
  it("is served by the Fetch host when the bundle builds a sitelet", async () => {
    const packed = packPackage()
    const entry = `
      import { Content, Sitelet, t } from "sitelets"
      const Site = t.union({ Home: "GET /", Post: "GET /post/<id:int>" })
      const site = Sitelet.Infer(Site, { Home: () => Content.Text("home"), Post: (ctx, e) => Content.Json({ id: e.id }) })
      export async function answer(url) {
        const response = await site.Handle(new Request(url))
        return response && { status: response.status, body: await response.text() }
      }
    `
    const result = await build({
      stdin: { contents: entry, resolveDir: packed.folder, loader: "ts", sourcefile: "entry.ts" },
      bundle: true,
      format: "esm",
      platform: "neutral",
      target: "es2022",
      write: false,
      logLevel: "silent",
    })
    const file = join(packed.folder, "bundle.mjs")
    writeFileSync(file, result.outputFiles[0]!.contents)
    const { answer } = (await import(pathToFileURL(file).href)) as {
      answer: (url: string) => Promise<{ status: number; body: string } | undefined>
    }
    expect(await answer("http://x/")).toEqual({ status: 200, body: "home" })
    expect(await answer("http://x/post/7")).toEqual({ status: 200, body: '{"id":7}' })
    expect(await answer("http://x/other")).toBeUndefined()
  }, 60_000)
})
