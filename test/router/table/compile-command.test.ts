/**
 * The bin's command line read as a function (src/router/compile-command.ts):
 * every mistake a one-line `CliUsageError`; the run's exit codes.
 */
import { describe, expect, it } from "vitest"
import { CliUsageError, cliUsage, parseCliArguments, runCli } from "../../../src/router/table/compile-command.js"

describe("parseCliArguments", () => {
  it("reads compile with -o, --out and --out=, the options anywhere", () => {
    const compile = { $: "Compile", module: "dist/e.js", export: "Site", out: "r.js" }
    expect(parseCliArguments(["compile", "dist/e.js#Site", "-o", "r.js"])).toEqual(compile)
    expect(parseCliArguments(["-o", "r.js", "compile", "dist/e.js#Site"])).toEqual(compile)
    expect(parseCliArguments(["compile", "dist/e.js#Site", "--out", "r.js"])).toEqual(compile)
    expect(parseCliArguments(["compile", "dist/e.js#Site", "--out=r.js"])).toEqual(compile)
    // --links: the compiled link writers too.
    expect(parseCliArguments(["compile", "dist/e.js#Site", "-o", "r.js", "--links", "l.js"])).toEqual({
      ...compile,
      links: "l.js",
    })
    expect(parseCliArguments(["compile", "dist/e.js#Site", "--links=l.js", "-o", "r.js"])).toEqual({
      ...compile,
      links: "l.js",
    })
    // The last # splits: a folder may hold one.
    expect(parseCliArguments(["compile", "a#b/e.js#Site", "-o", "r.js"])).toMatchObject({ module: "a#b/e.js" })
  })

  it("answers help and version before anything else on the line", () => {
    expect(parseCliArguments(["help"])).toEqual({ $: "Help" })
    expect(parseCliArguments(["compile", "--bogus", "-h"])).toEqual({ $: "Help" })
    expect(parseCliArguments(["-v"])).toEqual({ $: "Version" })
  })

  it("says what is wrong in one line", () => {
    for (const args of [
      [],
      ["x"],
      ["compile"],
      ["compile", "e.js"],
      ["compile", "e.js#"],
      ["compile", "#S"],
      ["compile", "e.js#S"],
      ["compile", "e.js#S", "-o"],
      ["compile", "e.js#S", "-o", "r.js", "more"],
      ["compile", "e.js#S", "-x", "r.js"],
      ["compile", "e.js#S", "-o", "r.js", "--links"],
    ]) {
      expect(() => parseCliArguments(args), args.join(" ")).toThrow(CliUsageError)
      try {
        parseCliArguments(args)
      } catch (error) {
        expect((error as Error).message).not.toContain("\n")
      }
    }
  })
})

describe("runCli", () => {
  const collect = () => {
    const lines = { out: [] as string[], error: [] as string[] }
    return { lines, output: { out: (l: string) => lines.out.push(l), error: (l: string) => lines.error.push(l) } }
  }
  it("exits 0 for help, 2 for a usage error, 1 for a module that cannot be read", async () => {
    const help = collect()
    expect(await runCli(["--help"], help.output, "1.2.3")).toBe(0)
    expect(help.lines).toEqual({ out: [cliUsage], error: [] })
    const wrong = collect()
    expect(await runCli(["nope"], wrong.output, "1.2.3")).toBe(2)
    expect(wrong.lines.error).toEqual(["sitelets: unknown command 'nope' (expected compile or help)"])
    const missing = collect()
    expect(await runCli(["compile", "/nowhere/e.js#Site", "-o", "/nowhere/r.js"], missing.output, "1")).toBe(1)
    expect(missing.lines.error[0]).toMatch(/^sitelets: /)
  })
})
