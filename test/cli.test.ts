/**
 * Issue 39, item 1: the CLI, `npx sitelets compile <module>#<export> -o
 * <file>`, run as the package's `bin` (the built dist/cli.js) on a module
 * of a user's: it writes the table and its `.d.ts`; the table names the
 * command; the router made with it matches as the runtime router; a
 * missing export exits 1 with a sentence, a bad command line 2.
 */
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { compileMessages } from "../src/router/table/compile-messages.js"
import { builtFile, repoRoot } from "./support/built-package.js"

const root = repoRoot
const cli = join(root, "dist/cli.js")
const folder = mkdtempSync(join(tmpdir(), "sitelets-cli-"))
afterAll(() => rmSync(folder, { recursive: true, force: true }))
beforeAll(() => {
  builtFile("dist/cli.js")
  writeFileSync(
    join(folder, "endpoints.mjs"),
    `import { t, Router } from ${JSON.stringify(pathToFileURL(join(root, "dist/index.js")).href)}
export const Site = t.union({ Home: "GET /", Post: "GET /blog/<id:int>/<slug>", Search: "GET /search?q=<q:string?>" })
export const router = Router.Infer(Site)
export const composed = Router.Shift("api", router)
export { Router }
`,
  )
}, 120_000)

const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { cwd: folder, encoding: "utf8" })

describe("npx sitelets compile", () => {
  it("writes the table of a declaration and its .d.ts; the router made with it matches as the runtime router", async () => {
    const result = run("compile", "endpoints.mjs#Site", "-o", "routes.compiled.js")
    expect([result.status, result.stderr]).toEqual([0, ""])
    expect(result.stdout).toContain("wrote routes.compiled.js")
    const source = readFileSync(join(folder, "routes.compiled.js"), "utf8")
    expect(source).toContain("rerun npx sitelets compile endpoints.mjs#Site -o routes.compiled.js")
    expect(readFileSync(join(folder, "routes.compiled.d.ts"), "utf8")).toContain("export declare function match")
    const { Site, Router } = await import(pathToFileURL(join(folder, "endpoints.mjs")).href)
    const compiled = await import(pathToFileURL(join(folder, "routes.compiled.js")).href)
    const fast = Router.Infer(Site, { compiled })
    const plain = Router.Infer(Site)
    for (const url of ["/", "/blog/3/a", "/blog/x/a", "/search?q=1", "/nowhere"])
      expect(fast.Match("GET", url), url).toEqual(plain.Match("GET", url))
  })

  it("takes a router of Router.Infer as the export too", () => {
    const result = run("compile", "endpoints.mjs#router", "-o", "router.compiled.mjs")
    expect(result.status).toBe(0)
    expect(existsSync(join(folder, "router.compiled.d.mts"))).toBe(true)
  })

  it("exits 1 with a sentence for a missing export and a composed router, 2 for a bad command line", () => {
    const missing = run("compile", "endpoints.mjs#Nope", "-o", "x.js")
    expect([missing.status, missing.stderr]).toEqual([1, expect.stringContaining("exports no 'Nope'")])
    const composed = run("compile", "endpoints.mjs#composed", "-o", "x.js")
    expect([composed.status, composed.stderr]).toEqual([1, expect.stringContaining(compileMessages.compileNotInferred)])
    const usage = run("compile", "endpoints.mjs")
    expect([usage.status, usage.stderr]).toEqual([2, expect.stringContaining("names no export")])
  })
})
