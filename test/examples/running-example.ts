/**
 * The example site as `npm start` runs it, for tests that talk to it as a
 * client would: `node --import tsx examples/site/main.ts` on a free port,
 * with nothing shared (PGlite in memory, limits and rooms in the process).
 */
import { type ChildProcess, spawn } from "node:child_process"
import { repoRoot } from "../support/built-package.js"

/** A running example: its base URL and how to stop it. */
export interface RunningExample {
  readonly base: string
  readonly stop: () => void
}

/**
 * Starts the example and resolves once it listens.
 *
 * @example
 * ```ts
 * const example = await startExample()
 * await fetch(`${example.base}/api/articles`)
 * example.stop()
 * ```
 */
export async function startExample(): Promise<RunningExample> {
  const shared = new Set([
    "DATABASE_URL",
    "REDIS_URL",
    "SITELETS_SECRET",
    "SITELETS_DATA",
    "OTEL_EXPORTER_OTLP_ENDPOINT",
  ])
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !shared.has(name)))
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "examples/site/main.ts"], {
    cwd: repoRoot,
    env: { ...env, PORT: "0", QUIET: "1", SITELETS_DATA: "memory://" },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the example did not start:\n${output}`)), 60_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output)
      if (match !== null) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    }
    server.stdout!.on("data", read)
    server.stderr!.on("data", read)
  })
  return { base: `http://127.0.0.1:${port}`, stop: () => server.kill("SIGTERM") }
}
