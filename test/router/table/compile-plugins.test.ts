/**
 * Issue 39, item 1: `CompileRoutes.Esbuild` and `CompileRoutes.Vite` (a
 * Rollup plugin too) write a declaration's compiled table when a build
 * starts — the built package's own (dist/), on a module of a user's — and
 * fail the build with the sentence of a missing export.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { build } from "esbuild"
import { rollup } from "rollup"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { builtFile, repoRoot } from "../../support/built-package.js"

const root = repoRoot
const entry = join(root, "dist/router/table/compile-entry.js")
const folder = mkdtempSync(join(tmpdir(), "sitelets-plugins-"))
afterAll(() => rmSync(folder, { recursive: true, force: true }))
beforeAll(() => {
  builtFile("dist/router/table/compile-entry.js")
  writeFileSync(
    join(folder, "endpoints.mjs"),
    `import { t } from ${JSON.stringify(pathToFileURL(join(root, "dist/index.js")).href)}
export const Site = t.union({ Home: "GET /", Post: "GET /blog/<id:int>/<slug>" })
`,
  )
  writeFileSync(
    join(folder, "main.mjs"),
    `import { match } from "./routes.compiled.mjs"\nconsole.log(match("GET", "/"))\n`,
  )
}, 120_000)

type Plugins = typeof import("../../../src/router/table/compile-entry.js")
const plugins = async () => (await import(pathToFileURL(entry).href)) as Plugins
const table = (out: string, name = "Site") => ({
  module: join(folder, "endpoints.mjs"),
  export: name,
  out: join(folder, out),
})

describe("CompileRoutes", () => {
  it("writes the table when an esbuild build starts, before the build reads it", async () => {
    const { CompileRoutes, Router } = await plugins()
    const result = await build({
      entryPoints: [join(folder, "main.mjs")],
      bundle: true,
      write: false,
      format: "esm",
      logLevel: "silent",
      plugins: [CompileRoutes.Esbuild([table("routes.compiled.mjs")])],
    })
    const source = readFileSync(join(folder, "routes.compiled.mjs"), "utf8")
    expect(source).toContain("rerun your build (sitelets' CompileRoutes plugin)")
    expect(existsSync(join(folder, "routes.compiled.d.mts"))).toBe(true)
    // The bundle holds the table it wrote; the table is the declaration's.
    expect(result.outputFiles[0]?.text).toContain("function walk(m, t)")
    const { Site } = await import(pathToFileURL(join(folder, "endpoints.mjs")).href)
    const compiled = await import(`${pathToFileURL(join(folder, "routes.compiled.mjs")).href}?esbuild`)
    expect(Router.Infer(Site, { compiled }).Match("GET", "/blog/3/a")).toEqual({ $: "Post", id: 3, slug: "a" })
  })

  it("writes it at Vite's and Rollup's buildStart", async () => {
    const { CompileRoutes } = await plugins()
    rmSync(join(folder, "routes.compiled.mjs"), { force: true })
    const bundle = await rollup({
      input: join(folder, "main.mjs"),
      plugins: [CompileRoutes.Vite([table("routes.compiled.mjs")])],
    })
    const { output } = await bundle.generate({ format: "esm" })
    expect(output[0].code).toContain("function walk(m, t)")
  })

  it("writes the table's links too when a table names them, and a build bundles the page that reads them", async () => {
    const { CompileRoutes } = await plugins()
    writeFileSync(
      join(folder, "page.mjs"),
      `import { CompiledLinks } from "sitelets/link"\nimport * as compiled from "./links.compiled.mjs"\nconsole.log(CompiledLinks(compiled).Link({ $: "Post", id: 3, slug: "a b" }))\n`,
    )
    const result = await build({
      entryPoints: [join(folder, "page.mjs")],
      bundle: true,
      write: false,
      format: "esm",
      logLevel: "silent",
      alias: { "sitelets/link": join(root, "dist/link/index.js") },
      plugins: [
        CompileRoutes.Esbuild([{ ...table("routes.compiled.mjs"), links: join(folder, "links.compiled.mjs") }]),
      ],
    })
    expect(readFileSync(join(folder, "links.compiled.mjs"), "utf8")).toContain("rerun your build")
    expect(existsSync(join(folder, "links.compiled.d.mts"))).toBe(true)
    const bundled = join(folder, "page.bundled.mjs")
    writeFileSync(bundled, result.outputFiles[0]!.text)
    const logged: unknown[] = []
    const log = console.log
    console.log = (...args: unknown[]) => void logged.push(...args)
    try {
      await import(pathToFileURL(bundled).href)
    } finally {
      console.log = log
    }
    expect(logged).toEqual(["/blog/3/a%20b"])
  })

  it("makes the table's folder when it is missing, as a bundler makes its output folder", async () => {
    const { writeRouteTable } = await plugins()
    const out = join(folder, "generated", "deep", "routes.compiled.mjs")
    expect(await writeRouteTable({ ...table("unused.mjs"), out }, "npm run build")).toBe(out)
    expect(readFileSync(out, "utf8")).toContain("function walk(m, t)")
  })

  it("fails the build with the sentence of a missing export", async () => {
    const { CompileRoutes } = await plugins()
    await expect(
      build({
        entryPoints: [join(folder, "main.mjs")],
        bundle: true,
        write: false,
        logLevel: "silent",
        plugins: [CompileRoutes.Esbuild([table("other.compiled.mjs", "Nope")])],
      }),
    ).rejects.toThrow(/sitelets: .*exports no 'Nope'/)
    const bundle = rollup({ input: join(folder, "main.mjs"), plugins: [CompileRoutes.Vite([table("x.mjs", "Nope")])] })
    await expect(bundle).rejects.toThrow(/exports no 'Nope'/)
  })
})
