/**
 * Importing the module a route table is compiled from, for the CLI and the
 * build plugins: through Node's own `import` (a JavaScript module, or
 * TypeScript under a loader) or a loader the bundler gives (its own
 * pipeline), with the two mistakes it can tell said in a sentence: a
 * TypeScript module where nothing compiles it, and a module whose import
 * started something that keeps running (a server, a timer, a watcher: a
 * declaration module should only declare).
 */
import { pathToFileURL } from "node:url"
import { compileMessages } from "./compile-messages.js"

const typeScriptExtensions = [".ts", ".tsx", ".mts", ".cts"]

/** Imports a module by its absolute path and resolves to its exports. */
export type ModuleLoader = (file: string) => Promise<Record<string, unknown>>

/**
 * Node's `import`, with a fresh URL on every call so that a watching build
 * reads the declaration as it now is.
 *
 * @example
 * ```ts
 * const { Site } = await nodeImport("/app/dist/endpoints.js")
 * ```
 */
export const nodeImport: ModuleLoader = (file) =>
  import(`${pathToFileURL(file).href}?t=${Date.now()}`) as Promise<Record<string, unknown>>

// The kinds of resource that keep a process running, in words (the names Node's getActiveResourcesInfo gives).
const resourceWords = new Map<string, readonly [one: string, many: string]>([
  ["TCPServerWrap", ["a server", "servers"]],
  ["PipeServerWrap", ["a server", "servers"]],
  ["TCPSocketWrap", ["a connection", "connections"]],
  ["TCPWRAP", ["a connection", "connections"]],
  ["UDPWrap", ["a socket", "sockets"]],
  ["Timeout", ["a timer", "timers"]],
  ["FSEvent", ["a file watcher", "file watchers"]],
  ["StatWatcher", ["a file watcher", "file watchers"]],
  ["ProcessWrap", ["a child process", "child processes"]],
])

function running(): Map<string, number> {
  const counts = new Map<string, number>()
  for (const name of process.getActiveResourcesInfo?.() ?? [])
    if (resourceWords.has(name)) counts.set(name, (counts.get(name) ?? 0) + 1)
  return counts
}

// What is running now that was not before, in words ("a server and 2 timers"), or "" for nothing.
function startedSince(before: Map<string, number>): string {
  const words = new Map<string, { many: string; count: number }>()
  for (const [name, count] of running()) {
    const more = count - (before.get(name) ?? 0)
    if (more <= 0) continue
    const [one, many] = resourceWords.get(name)!
    words.set(one, { many, count: (words.get(one)?.count ?? 0) + more })
  }
  const parts = [...words].map(([one, { many, count }]) => (count === 1 ? one : `${count} ${many}`))
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`
}

/**
 * The exports of the module at `file` (absolute), imported by `load`;
 * rejects with a sentence when it is TypeScript that nothing compiles, or
 * when its import left something running (only what keeps a process
 * alive is seen: an `unref`'d timer or an open database file is not).
 *
 * @example
 * ```ts
 * const exports = await loadDeclarationModule("/app/src/endpoints.ts", viteLoader)
 * ```
 */
export async function loadDeclarationModule(file: string, load: ModuleLoader): Promise<Record<string, unknown>> {
  const before = running()
  let loaded: Record<string, unknown>
  try {
    loaded = await load(file)
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code
    if (code === "ERR_UNKNOWN_FILE_EXTENSION" && typeScriptExtensions.some((extension) => file.endsWith(extension)))
      throw new Error(compileMessages.typeScriptModule(file))
    throw error
  }
  // What a module starts may appear a moment later (a server's listen looks its host up first); what a loader
  // leaves behind (Vite's runner: a timer of its own) is gone a moment after that, and so is a one-off timer.
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  await pause(25)
  let started = startedSince(before)
  if (started !== "") {
    await pause(500)
    started = startedSince(before)
  }
  if (started !== "") throw new Error(compileMessages.startsWork(file, started))
  return loaded
}
