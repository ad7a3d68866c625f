/**
 * Child process of the WebSocket benchmark under Bun: the echo named by the
 * first argument, served by `Bun.serve` on 127.0.0.1 — Hono's WebSocket
 * helper (`hono/bun`), or sitelets' Fetch host with a `WebSocket` case —
 * with the protocol of socket-child.ts (`{"port":N}`, then `stats` lines).
 */
import process from "node:process"
import { Hono } from "hono"
import { upgradeWebSocket, websocket } from "hono/bun"
import { Fetch } from "sitelets"
import { onStdinLines } from "../common/stdin-lines.js"
import { echoSite } from "./echo-site.js"

declare const Bun: {
  serve(options: {
    hostname: string
    port: number
    fetch: (request: Request, server: never) => Response | Promise<Response> | undefined
    websocket: unknown
  }): { port: number }
}

function serve(): number {
  if (process.argv[2] === "hono on Bun") {
    const app = new Hono()
    app.get(
      "/echo",
      upgradeWebSocket(() => ({
        onMessage(event, socket) {
          const said = JSON.parse(String(event.data)) as { text: string }
          socket.send(JSON.stringify({ $: "Echo", text: said.text }))
        },
      })),
    )
    return Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: app.fetch, websocket }).port
  }
  const handler = Fetch.Handler(echoSite)
  return Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: handler.fetch, websocket: handler.websocket }).port
}

process.stdout.write(`${JSON.stringify({ port: serve() })}\n`)
onStdinLines((line) => {
  if (line !== "stats") return
  const usage = process.cpuUsage()
  process.stdout.write(`${JSON.stringify({ cpuUs: usage.user + usage.system, rss: process.memoryUsage().rss })}\n`)
})
