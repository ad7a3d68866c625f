/**
 * Issue 50, item 2: the bin as npm and pnpm link it. The packed package is
 * installed into a project of a user's by the package manager itself —
 * npm (a symlink in node_modules/.bin) and pnpm (a shell shim, the package
 * behind a symlinked node_modules/sitelets) — and run as a user runs it:
 * `npx sitelets --help` prints the usage, a mistake is one line and a
 * non-zero exit, `compile` says what it wrote; a TypeScript module or one
 * that starts a server gets its sentence, and the command still ends.
 */
import { spawnSync } from "node:child_process"
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { compileMessages } from "../src/router/table/compile-messages.js"
import { cliUsage } from "../src/router/table/compile-command.js"
import { packPackage } from "./package/packed.js"
import { repoRoot } from "./support/built-package.js"

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

const pnpm = join(repoRoot, "node_modules/.bin/pnpm")
let tarball = ""
beforeAll(() => {
  tarball = packPackage().tarball
}, 120_000)

// A user's project: an ES module package with a declaration module that imports sitelets by its name.
function project(): string {
  const folder = mkdtempSync(join(tmpdir(), "sitelets-bin-"))
  folders.push(folder)
  writeFileSync(join(folder, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", type: "module" }))
  const declaration = `import { t } from "sitelets"\nexport const Site = t.union({ Home: "GET /", Post: "GET /blog/<id:int>" })\n`
  writeFileSync(join(folder, "endpoints.js"), declaration)
  writeFileSync(
    join(folder, "endpoints.ts"),
    declaration.replace("export const", "export const Typed: unknown = 1\nexport const"),
  )
  writeFileSync(
    join(folder, "server.js"),
    `${declaration}import { createServer } from "node:http"\ncreateServer().listen(0, "127.0.0.1")\n`,
  )
  return folder
}

const env = { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" }
const shell = (folder: string, command: string, args: string[], extra: Record<string, string> = {}) =>
  spawnSync(command, args, { cwd: folder, encoding: "utf8", env: { ...env, ...extra }, timeout: 60_000 })

// The same checks, however the bin was linked; `run` runs the bin with arguments.
function theBin(folder: string, run: (args: string[], extra?: Record<string, string>) => ReturnType<typeof shell>) {
  const help = run(["--help"])
  expect([help.status, help.stdout.trim(), help.stderr]).toEqual([0, cliUsage, ""])
  const version = run(["--version"])
  expect([version.status, version.stdout.trim()]).toEqual([0, "0.1.0"])
  for (const [args, sentence] of [
    [["frobnicate"], "sitelets: unknown command 'frobnicate' (expected compile or help)"],
    [
      ["compile", "endpoints.js#Site", "--outfile", "x.js"],
      "sitelets: unknown option '--outfile' (see sitelets --help)",
    ],
    [["compile", "endpoints.js#Site"], "sitelets: compile needs -o <file> (see sitelets --help)"],
    [[], "sitelets: no command given (see sitelets --help)"],
  ] as const) {
    const wrong = run([...args])
    expect([wrong.status, wrong.stdout, wrong.stderr], args.join(" ")).toEqual([2, "", `${sentence}\n`])
  }
  const compiled = run(["compile", "endpoints.js#Site", "-o", "routes.compiled.js"])
  expect([compiled.status, compiled.stderr]).toEqual([0, ""])
  expect(compiled.stdout).toBe("sitelets: wrote routes.compiled.js and its .d.ts (endpoints.js#Site)\n")
  expect(readFileSync(join(folder, "routes.compiled.js"), "utf8")).toContain(
    "rerun npx sitelets compile endpoints.js#Site -o routes.compiled.js",
  )
  expect(existsSync(join(folder, "routes.compiled.d.ts"))).toBe(true)
  // With its links (issue 53): a module a page reads through CompiledLinks, the declaration left out.
  const linked = run(["compile", "endpoints.js#Site", "-o", "routes.compiled.js", "--links", "links.compiled.js"])
  expect([linked.status, linked.stderr, linked.stdout]).toEqual([
    0,
    "",
    "sitelets: wrote routes.compiled.js, links.compiled.js and their .d.ts (endpoints.js#Site)\n",
  ])
  expect(existsSync(join(folder, "links.compiled.d.ts"))).toBe(true)
  const page = `import { CompiledLinks } from "sitelets/link"\nimport * as compiled from "./links.compiled.js"\nconsole.log(CompiledLinks(compiled).Link({ $: "Post", id: 3 }))`
  const linkedPage = shell(folder, process.execPath, ["--input-type=module", "-e", page])
  expect([linkedPage.status, linkedPage.stdout, linkedPage.stderr]).toEqual([0, "/blog/3\n", ""])

  const typed = run(["compile", "endpoints.ts#Site", "-o", "typed.compiled.js"])
  expect([typed.status, typed.stderr]).toEqual([
    1,
    `sitelets: ${compileMessages.typeScriptModule(join(folder, "endpoints.ts"))}\n`,
  ])
  // The loader the sentence names: tsx, as the project would have it.
  symlinkSync(join(repoRoot, "node_modules/tsx"), join(folder, "node_modules/tsx"), "dir")
  const loaded = run(["compile", "endpoints.ts#Site", "-o", "typed.compiled.js"], { NODE_OPTIONS: "--import tsx" })
  expect([loaded.status, loaded.stderr]).toEqual([0, ""])

  const started = run(["compile", "server.js#Site", "-o", "server.compiled.js"])
  expect([started.status, started.stderr]).toEqual([
    1,
    `sitelets: ${compileMessages.startsWork(join(folder, "server.js"), "a server")}\n`,
  ])
  expect(existsSync(join(folder, "server.compiled.js"))).toBe(false)
}

describe("the bin, installed by the package manager", () => {
  it("npm: npx sitelets through the symlink npm makes in node_modules/.bin", () => {
    const folder = project()
    const installed = shell(folder, "npm", ["install", tarball, "--prefer-offline", "--no-progress"])
    expect(installed.status, installed.stderr).toBe(0)
    expect(lstatSync(join(folder, "node_modules/.bin/sitelets")).isSymbolicLink()).toBe(true)
    theBin(folder, (args, extra) => shell(folder, "npx", ["--no-install", "sitelets", ...args], extra))
  }, 180_000)

  it("pnpm: its shim in node_modules/.bin and the package behind a symlink", () => {
    const folder = project()
    const installed = shell(folder, pnpm, ["add", tarball, "--reporter=silent"])
    expect(installed.status, installed.stderr + installed.stdout).toBe(0)
    expect(lstatSync(join(folder, "node_modules/sitelets")).isSymbolicLink()).toBe(true)
    expect(readFileSync(join(folder, "node_modules/.bin/sitelets"), "utf8")).toMatch(/^#!\/bin\/sh/)
    theBin(folder, (args, extra) => shell(folder, pnpm, ["exec", "sitelets", ...args], extra))
    // And the package's file run through the symlinked folder, as `node node_modules/sitelets/dist/cli.js` would.
    const direct = shell(folder, process.execPath, ["node_modules/sitelets/dist/cli.js", "--help"])
    expect([direct.status, direct.stdout.trim()]).toEqual([0, cliUsage])
  }, 180_000)
})
