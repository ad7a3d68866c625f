/**
 * Issue 50, item 3: the build plugins load a `.ts` and a `.tsx`
 * declaration module through their bundler — esbuild, Vite (its module
 * runner) and Rollup (with @rollup/plugin-typescript) — with no loader
 * flag, in a project of a user's that has the packed package installed
 * and imports it by name. The table each writes routes as the runtime
 * router; a module that starts a server fails the build with its sentence.
 */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { build } from "esbuild"
import { rollup } from "rollup"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { compileMessages } from "../../../src/router/table/compile-messages.js"
import { type Packed, packPackage } from "../../package/packed.js"
import { repoRoot } from "../../support/built-package.js"

let packed: Packed
let project = ""
type Entry = typeof import("../../../src/router/table/compile-entry.js")
let entry: Entry

beforeAll(async () => {
  packed = packPackage()
  project = packed.folder
  mkdirSync(join(project, "node_modules/@rollup"))
  for (const name of ["vite", "@rollup/plugin-typescript", "tslib", "typescript", "rollup"])
    symlinkSync(join(repoRoot, "node_modules", name), join(project, "node_modules", name), "dir")
  const file = (path: string, text: string) => {
    mkdirSync(join(project, path, ".."), { recursive: true })
    writeFileSync(join(project, path), text)
  }
  file("package.json", JSON.stringify({ name: "app", version: "1.0.0", type: "module" }))
  file(
    "tsconfig.json",
    JSON.stringify({
      compilerOptions: {
        target: "es2022",
        module: "esnext",
        moduleResolution: "bundler",
        strict: true,
        jsx: "react-jsx",
        jsxImportSource: "sitelets",
      },
    }),
  )
  // A declaration split over two TypeScript modules, one of them .tsx (JSX through sitelets' runtime, as the
  // project's tsconfig says).
  file(
    "src/blog.ts",
    `import { t } from "sitelets"\nexport const Blog: ReturnType<typeof t.union> = t.union({ Post: "GET /<id:int>/<slug>" })\n`,
  )
  file(
    "src/endpoints.tsx",
    `import { t } from "sitelets"
import { Blog } from "./blog"
export const banner = <p>routes</p>
export const Site = t.union({ Home: "GET /", Search: "GET /search?q=<q>", Blog: t.case("/blog", { sub: Blog }) })
`,
  )
  // A module that starts a server when imported (closed by the test: the refusal leaves no export to reach it).
  file(
    "src/starts.ts",
    `import { createServer } from "node:http"
export { Site } from "./endpoints"
const server = createServer().listen(0, "127.0.0.1")
;((globalThis as any).startedServers ??= []).push(server)
`,
  )
  file("src/plain.js", "export const plain = 1\n")
  file("src/main.ts", `import { match } from "./routes.compiled.js"\nconsole.log(match("GET", "/"))\n`)
  entry = (await import(
    pathToFileURL(join(project, "node_modules/sitelets/dist/router/table/compile-entry.js")).href
  )) as Entry
}, 120_000)
afterAll(() => rmSync(packed.folder, { recursive: true, force: true }))

const table = (out: string, module = "src/endpoints.tsx", name = module.endsWith("blog.ts") ? "Blog" : "Site") => ({
  module: join(project, module),
  export: name,
  out: join(project, "src", out),
})

// The table written routes as the runtime router on the same declaration.
async function agrees(out: string) {
  expect(readFileSync(join(project, "src", out), "utf8")).toContain("function walk(m, t)")
  const compiled = await import(`${pathToFileURL(join(project, "src", out)).href}?${Date.now()}`)
  // The same union, built here from the same text: Router.Infer refuses a table of any other declaration.
  const { t } = (await import(pathToFileURL(join(project, "node_modules/sitelets/dist/index.js")).href)) as {
    t: typeof import("../../../src/index.js").t
  }
  const Declared = t.union({
    Home: "GET /",
    Search: "GET /search?q=<q>",
    Blog: t.case("/blog", { sub: t.union({ Post: "GET /<id:int>/<slug>" }) }),
  })
  const fast = entry.Router.Infer(Declared, { compiled })
  const plain = entry.Router.Infer(Declared)
  for (const url of ["/", "/search?q=a", "/blog/3/x", "/blog/x/y", "/nowhere"])
    expect(fast.Match("GET", url), url).toEqual(plain.Match("GET", url))
}

describe("CompileRoutes on a TypeScript declaration, through the bundler", () => {
  it("esbuild: bundles the module with the build's own esbuild and settings", async () => {
    const result = await build({
      absWorkingDir: project,
      entryPoints: [join(project, "src/main.ts")],
      bundle: true,
      write: false,
      format: "esm",
      platform: "node",
      logLevel: "silent",
      plugins: [entry.CompileRoutes.Esbuild([table("routes.compiled.js")])],
    })
    expect(result.outputFiles[0]?.text).toContain("function walk(m, t)")
    await agrees("routes.compiled.js")
  })

  it("esbuild: keeps sitelets an import when the build aliases it to its dist/ (or tsconfig paths name it)", async () => {
    // A declaration that imports `t` alone: bundled with its own copy of sitelets, its templates would wait for a
    // parser the copy never loads ("read before its parser was loaded"); kept an import, it is the plugin's own.
    await build({
      absWorkingDir: project,
      entryPoints: [join(project, "src/main.ts")],
      bundle: true,
      write: false,
      format: "esm",
      platform: "node",
      logLevel: "silent",
      alias: { sitelets: join(project, "node_modules/sitelets/dist/index.js") },
      plugins: [entry.CompileRoutes.Esbuild([table("aliased.compiled.js", "src/blog.ts")])],
    })
    expect(readFileSync(join(project, "src/aliased.compiled.js"), "utf8")).toContain("export const hash")
  })

  it("Vite: runs the module in Vite's module runner (vite build, no loader)", async () => {
    rmSync(join(project, "src/routes.compiled.js"), { force: true })
    const vite = (await import(
      pathToFileURL(join(project, "node_modules/vite/dist/node/index.js")).href
    )) as typeof import("vite")
    await vite.build({
      root: project,
      configFile: false,
      logLevel: "silent",
      build: { ssr: join(project, "src/main.ts"), write: false },
      plugins: [entry.CompileRoutes.Vite([table("routes.compiled.js")]) as never],
    })
    await agrees("routes.compiled.js")
  })

  it("Rollup: bundles the module with the TypeScript plugin given for it", async () => {
    const typescript = (await import("@rollup/plugin-typescript")).default
    const plugin = entry.CompileRoutes.Rollup([table("rollup.compiled.js")], {
      plugins: [typescript({ tsconfig: join(project, "tsconfig.json"), include: ["**/*.ts", "**/*.tsx"] })],
    })
    const previous = process.cwd()
    process.chdir(project)
    try {
      const bundle = await rollup({ input: join(project, "src/plain.js"), plugins: [plugin], external: () => true })
      await bundle.close()
    } finally {
      process.chdir(previous)
    }
    await agrees("rollup.compiled.js")
  })

  it("fails the build with the sentence of a module that starts a server, on each bundler", async () => {
    const started = compileMessages.startsWork(join(project, "src/starts.ts"), "a server")
    await expect(
      build({
        absWorkingDir: project,
        entryPoints: [join(project, "src/main.ts")],
        bundle: true,
        write: false,
        logLevel: "silent",
        plugins: [entry.CompileRoutes.Esbuild([table("never.js", "src/starts.ts")])],
      }),
    ).rejects.toThrow(started)
    const vite = (await import(
      pathToFileURL(join(project, "node_modules/vite/dist/node/index.js")).href
    )) as typeof import("vite")
    await expect(
      vite.build({
        root: project,
        configFile: false,
        logLevel: "silent",
        build: { ssr: join(project, "src/main.ts"), write: false },
        plugins: [entry.CompileRoutes.Vite([table("never.js", "src/starts.ts")]) as never],
      }),
    ).rejects.toThrow(started)
    const servers = (globalThis as { startedServers?: { close(): void }[] }).startedServers ?? []
    expect(servers).toHaveLength(2)
    for (const server of servers) server.close()
  })
})
