/**
 * The benchmark children's control channel: each line the parent writes on
 * stdin, trimmed, handed to `answer` (works under Node, Bun and Deno's Node
 * compatibility alike: only `process.stdin` data events).
 */
import process from "node:process"

/**
 * Calls `answer` with each line of stdin; the process exits when stdin ends.
 *
 * @example
 * ```ts
 * onStdinLines((line) => line === "cpu" && report())
 * ```
 */
export function onStdinLines(answer: (line: string) => void): void {
  let pending = ""
  process.stdin.on("data", (chunk: Uint8Array) => {
    pending += new TextDecoder().decode(chunk)
    for (let end = pending.indexOf("\n"); end >= 0; end = pending.indexOf("\n")) {
      const line = pending.slice(0, end).trim()
      pending = pending.slice(end + 1)
      answer(line)
    }
  })
  process.stdin.on("end", () => process.exit(0))
}
