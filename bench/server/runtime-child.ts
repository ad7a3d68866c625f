/**
 * Child process entry under Bun or Deno: starts the row named by the first
 * argument with the runtime's own server on 127.0.0.1, port 0, prints
 * `{"port":N}`, answers each `cpu` line on stdin with its CPU time so far
 * (`{"cpuUs":N}`), and exits when the parent closes stdin (the protocol of
 * server-child.ts).
 */
import process from "node:process"
import { runtimeApps } from "./runtime-apps.js"
import { onStdinLines } from "../common/stdin-lines.js"

declare const Bun:
  | {
      serve(options: { hostname: string; port: number; fetch: (request: Request) => Response | Promise<Response> }): {
        port: number
      }
    }
  | undefined
declare const Deno:
  | {
      readonly args: readonly string[]
      serve(
        options: { hostname: string; port: number; onListen: (address: { port: number }) => void },
        handler: (request: Request) => Response | Promise<Response>,
      ): unknown
    }
  | undefined

const name = typeof Deno !== "undefined" ? Deno.args[0] : process.argv[2]
const app = runtimeApps.find((candidate) => candidate.name === name)
if (!app) {
  process.stderr.write(`unknown server ${String(name)}\n`)
  process.exit(2)
}
const serve = (fetch: (request: Request) => Response | Promise<Response>): Promise<number> | number =>
  typeof Bun !== "undefined"
    ? Bun.serve({ hostname: "127.0.0.1", port: 0, fetch }).port
    : new Promise<number>((resolve) =>
        Deno!.serve({ hostname: "127.0.0.1", port: 0, onListen: (address) => resolve(address.port) }, fetch),
      )
// A row with its own server (Elysia, the bare floors) starts it; the others hand their fetch to the runtime's.
const port = await (app.listen ? app.listen() : serve(app.fetch!()))
process.stdout.write(JSON.stringify({ port }) + "\n")
onStdinLines((line) => {
  if (line !== "cpu") return
  const usage = process.cpuUsage()
  process.stdout.write(JSON.stringify({ cpuUs: usage.user + usage.system }) + "\n")
})
