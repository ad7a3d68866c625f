/**
 * Editor latency: the TypeScript language service over a generated app split
 * into a declarations file (`app.ts`: the union, `Infer` of it, the router)
 * and a client file that imports it (`client.ts`: one `router.Link(…)` per
 * case, or one handler per case through `Sitelet.Infer` with a `ctx.Link`
 * each). After a warm-up, each run edits one link's argument in the client,
 * bumps its script version and times `getSemanticDiagnostics` on it (a new
 * checker over the kept syntax trees of both files) — what
 * an editor does after a keystroke. Reported, never gated (it is a time).
 */
import { performance } from "node:perf_hooks"
import { join } from "node:path"
import ts from "typescript"
import { routeShape } from "./generate-app.js"
import { checkerOptions, root } from "./measure.js"

/**
 * What the client file does with the app.
 *
 * @example
 * ```ts
 * const client: EditorClient = "links"
 * ```
 */
export type EditorClient = "links" | "handlers"

/**
 * Medians and spread of the timed runs, in milliseconds.
 *
 * @example
 * ```ts
 * const latency: EditorLatency = measureEditorLatency(300, "links")
 * latency.medianMs //=> e.g. 180
 * ```
 */
export interface EditorLatency {
  readonly routes: number
  readonly client: EditorClient
  /** The first `getSemanticDiagnostics` (program and checker built from nothing). */
  readonly coldMs: number
  readonly medianMs: number
  readonly minMs: number
  readonly maxMs: number
  readonly runs: number
  /** Diagnostics of the last run (should be none). */
  readonly diagnostics: readonly string[]
}

const srcDir = join(root, "src")
// Virtual files live in a folder that does not exist on disk; imports of src/ are absolute.
const virtualDir = join(root, "bench/types/.editor-virtual")

/**
 * The declarations file of a `routes`-route app: the union, `Infer` of it,
 * the router (imports of `src/` are absolute).
 *
 * @example
 * ```ts
 * writeFileSync("app.ts", declarations(300))
 * ```
 */
export function declarations(routes: number): string {
  const shapes = Array.from({ length: routes }, (_, index) => routeShape(index))
  return [
    `import { t } from ${JSON.stringify(`${srcDir}/descriptor/t.js`)}`,
    `import type { Infer } from ${JSON.stringify(`${srcDir}/descriptor/descriptor.js`)}`,
    `import { Router } from ${JSON.stringify(`${srcDir}/router/router.js`)}`,
    "export const App = t.union({",
    ...shapes.map((shape, index) => `  R${index}: ${JSON.stringify(shape.template)},`),
    "})",
    "export type App = Infer<typeof App>",
    "export const router = Router.Infer(App)",
    "",
  ].join("\n")
}

/**
 * The client file: one link per case, or one handler per case with a
 * `ctx.Link` each. The edited link is case R0's (an int hole): `edit` is its
 * id (a string makes the file wrong, to check that a server saw the edit).
 *
 * @example
 * ```ts
 * writeFileSync("client.ts", clientText(300, "handlers", 1))
 * ```
 */
export function clientText(routes: number, client: EditorClient, edit: number | string): string {
  const id = JSON.stringify(edit)
  const value = (index: number) => (index === 0 ? `{ $: "R0", id: ${id}, slug: "s" }` : routeShape(index).value)
  if (client === "links") {
    const links = Array.from({ length: routes }, (_, index) => `  router.Link(${value(index)}),`)
    return [`import { router } from "./app.js"`, "export const links: string[] = [", ...links, "]", ""].join("\n")
  }
  const handlers = Array.from({ length: routes }, (_, index) => {
    const next = (index + 1) % routes
    return `  R${index}: (ctx, e) => Content.Text(String(${routeShape(index).touch}) + ctx.Link(${value(next)})),`
  })
  return [
    `import { App } from "./app.js"`,
    `import { Sitelet } from ${JSON.stringify(`${srcDir}/api/sitelet-namespace.js`)}`,
    `import { Content } from ${JSON.stringify(`${srcDir}/sitelet/content/content.js`)}`,
    "export const site = Sitelet.Infer(App, {",
    ...handlers,
    "})",
    "",
  ].join("\n")
}

// The options tsc gets in measure.ts, converted from their tsconfig form.
const options: ts.CompilerOptions = ts.convertCompilerOptionsFromJson(checkerOptions, root).options

/**
 * Times semantic diagnostics of the client file after `runs` edits (after
 * `warmups` untimed edits), with an in-memory language-service host.
 *
 * @example
 * ```ts
 * measureEditorLatency(300, "links", 7).medianMs //=> e.g. 180
 * ```
 */
export function measureEditorLatency(routes: number, client: EditorClient, runs = 7, warmups = 3): EditorLatency {
  const files = new Map<string, { text: string; version: number }>([
    [join(virtualDir, "app.ts"), { text: declarations(routes), version: 1 }],
    [join(virtualDir, "client.ts"), { text: clientText(routes, client, 0), version: 1 }],
  ])
  const clientFile = join(virtualDir, "client.ts")
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [...files.keys()],
    getScriptVersion: (name) => String(files.get(name)?.version ?? 0),
    getScriptSnapshot: (name) => {
      const text = files.get(name)?.text ?? ts.sys.readFile(name)
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text)
    },
    getCompilationSettings: () => options,
    getCurrentDirectory: () => root,
    getDefaultLibFileName: (settings) => ts.getDefaultLibFilePath(settings),
    fileExists: (name) => files.has(name) || ts.sys.fileExists(name),
    readFile: (name) => files.get(name)?.text ?? ts.sys.readFile(name),
    directoryExists: (name) => name === virtualDir || (ts.sys.directoryExists?.(name) ?? false),
    getDirectories: (name) => ts.sys.getDirectories?.(name) ?? [],
  }
  const service = ts.createLanguageService(host, ts.createDocumentRegistry())
  const check = (edit: number): { ms: number; diagnostics: readonly ts.Diagnostic[] } => {
    const file = files.get(clientFile) as { text: string; version: number }
    files.set(clientFile, { text: clientText(routes, client, edit), version: file.version + 1 })
    const start = performance.now()
    const diagnostics = service.getSemanticDiagnostics(clientFile)
    return { ms: performance.now() - start, diagnostics }
  }
  const startCold = performance.now()
  service.getSemanticDiagnostics(clientFile)
  const coldMs = performance.now() - startCold
  // Warm-up edits: the compiler's own code is still being optimised by V8 during the first checks.
  for (let edit = 1; edit <= warmups; edit++) check(edit)
  const timed = Array.from({ length: runs }, (_, run) => check(warmups + run + 1))
  const last = timed[timed.length - 1]
  service.dispose()
  const diagnostics = (last?.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))
  return latencyOf(
    routes,
    client,
    coldMs,
    timed.map((result) => result.ms),
    diagnostics,
  )
}

/**
 * The figures of timed runs: median, min and max.
 *
 * @example
 * ```ts
 * latencyOf(300, "links", 900, [40, 42, 45], []).medianMs //=> 42
 * ```
 */
export function latencyOf(
  routes: number,
  client: EditorClient,
  coldMs: number,
  timings: readonly number[],
  diagnostics: readonly string[],
): EditorLatency {
  const sorted = [...timings].sort((a, b) => a - b)
  return {
    routes,
    client,
    coldMs,
    medianMs: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
    minMs: sorted[0] ?? Number.NaN,
    maxMs: sorted[sorted.length - 1] ?? Number.NaN,
    runs: timings.length,
    diagnostics,
  }
}
