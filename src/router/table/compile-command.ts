/**
 * The command line of the package's `bin` (`npx sitelets …`), apart from
 * the bin itself (src/cli.ts, which only runs it) so that it can be read
 * and tested as a function: the arguments parsed into a command, or a
 * one-line usage error; the command run, with what it wrote or why not.
 */
import { writeRouteTable } from "./compile-plugins.js"

/** What `sitelets --help` prints. */
export const cliUsage = `usage: sitelets <command> [options]

commands:
  compile <module>#<export> -o <file>  write the compiled route table of a declaration, a router of
                                       Router.Infer or a sitelet of Sitelet.Infer, and its .d.ts beside it
  help                                 this text

options:
  -o, --out <file>  the table to write (.js or .mjs)
  --links <file>    also the module of its compiled link writers, for CompiledLinks of sitelets/link
  -h, --help        this text
  -v, --version     the version of sitelets

A TypeScript module needs a loader on Node 20: NODE_OPTIONS="--import tsx" npx sitelets compile …
The module is imported, so it should declare and not start anything (a server, a database).`

/** A command line read: what to do. */
export type CliCommand =
  | { readonly $: "Help" }
  | { readonly $: "Version" }
  | {
      readonly $: "Compile"
      readonly module: string
      readonly export: string
      readonly out: string
      readonly links?: string
    }

/** A command line that asks for nothing the command knows: its one-line sentence. */
export class CliUsageError extends Error {
  override readonly name = "CliUsageError"
}

const seeHelp = "(see sitelets --help)"

/**
 * Reads the arguments after `sitelets`; throws a `CliUsageError` with one
 * line for anything it does not know.
 *
 * @example
 * ```ts
 * parseCliArguments(["compile", "dist/endpoints.js#Site", "-o", "routes.compiled.js"])
 * //=> { $: "Compile", module: "dist/endpoints.js", export: "Site", out: "routes.compiled.js" }
 * parseCliArguments(["--help"]) //=> { $: "Help" }
 * ```
 */
export function parseCliArguments(args: readonly string[]): CliCommand {
  if (args.includes("-h") || args.includes("--help")) return { $: "Help" }
  if (args.includes("-v") || args.includes("--version")) return { $: "Version" }
  const positional: string[] = []
  let out: string | undefined
  let links: string | undefined
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === "-o" || arg === "--out" || arg === "--links") {
      const value = args[++i]
      if (value === undefined || value === "") throw new CliUsageError(`${arg} needs a file to write ${seeHelp}`)
      if (arg === "--links") links = value
      else out = value
    } else if (arg.startsWith("--out=")) out = arg.slice("--out=".length)
    else if (arg.startsWith("--links=")) links = arg.slice("--links=".length)
    else if (arg.startsWith("-") && arg !== "-") throw new CliUsageError(`unknown option '${arg}' ${seeHelp}`)
    else positional.push(arg)
  }
  const [command, target, ...extra] = positional
  if (command === undefined) throw new CliUsageError(`no command given ${seeHelp}`)
  if (command === "help") return { $: "Help" }
  if (command !== "compile") throw new CliUsageError(`unknown command '${command}' (expected compile or help)`)
  if (target === undefined) throw new CliUsageError(`compile needs <module>#<export> ${seeHelp}`)
  if (extra.length > 0) throw new CliUsageError(`unexpected argument '${extra[0]}' ${seeHelp}`)
  const hash = target.lastIndexOf("#")
  if (hash <= 0 || hash === target.length - 1)
    throw new CliUsageError(`'${target}' names no export: write <module>#<export> (endpoints.js#Site)`)
  if (out === undefined || out === "") throw new CliUsageError(`compile needs -o <file> ${seeHelp}`)
  const named = { $: "Compile", module: target.slice(0, hash), export: target.slice(hash + 1), out } as const
  return links === undefined || links === "" ? named : { ...named, links }
}

/** Where the command writes: standard output and error, a line at a time. */
export interface CliOutput {
  out(line: string): void
  error(line: string): void
}

/**
 * Runs a command line; resolves to the exit code: 0 done, 1 the command
 * failed (its reason written), 2 a usage error.
 *
 * @example
 * ```ts
 * process.exitCode = await runCli(process.argv.slice(2), { out: console.log, error: console.error })
 * ```
 */
export async function runCli(args: readonly string[], output: CliOutput, version: string): Promise<number> {
  let command: CliCommand
  try {
    command = parseCliArguments(args)
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error
    output.error(`sitelets: ${error.message}`)
    return 2
  }
  if (command.$ === "Help") {
    output.out(cliUsage)
    return 0
  }
  if (command.$ === "Version") {
    output.out(version)
    return 0
  }
  const line = [
    "npx sitelets compile",
    `${command.module}#${command.export}`,
    "-o",
    command.out,
    ...(command.links === undefined ? [] : ["--links", command.links]),
  ].join(" ")
  try {
    const written = await writeRouteTable(command, line)
    const what =
      command.links === undefined ? `${written} and its .d.ts` : `${written}, ${command.links} and their .d.ts`
    output.out(`sitelets: wrote ${what} (${command.module}#${command.export})`)
    return 0
  } catch (error) {
    output.error(`sitelets: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
}
