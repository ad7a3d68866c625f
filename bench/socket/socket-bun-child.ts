/**
 * Child process of the WebSocket benchmark under Bun: the echo named by the
 * first argument, served by `Bun.serve` on 127.0.0.1 — Hono's WebSocket
 * helper (`hono/bun`), or sitelets' Fetch host with a `WebSocket` case —
 * with the protocol of socket-child.ts (`{"port":N}`, then `stats` lines).
 */
import process from "node:process"
import { Hono } from "hono"
import { upgradeWebSocket, websocket } from "hono/bun"
import { Content, Fetch, Sitelet, t, WebSocket } from "sitelets"

declare const Bun: {
  serve(options: {
    hostname: string
    port: number
    fetch: (request: Request, server: never) => Response | Promise<Response> | undefined
    websocket: unknown
  }): { port: number }
}

const Said = t.union({ Say: t.case({ text: t.string }) })
const Heard = t.union({ Echo: t.case({ text: t.string }) })
const EchoSocket = WebSocket({ FromClient: Said, FromServer: Heard })

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
  const site = Sitelet.Infer(t.union({ Echo: t.case("GET /echo", {}, EchoSocket) }), {
    Echo: () =>
      Content.WebSocket(
        EchoSocket,
        async (socket) => {
          for await (const said of socket) await socket.Send({ $: "Echo", text: said.text })
        },
        { MaxMessagesPerSecond: 1e9, PingSeconds: 0 },
      ),
  })
  const handler = Fetch.Handler(site)
  return Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: handler.fetch, websocket: handler.websocket }).port
}

process.stdout.write(`${JSON.stringify({ port: serve() })}\n`)
let pending = ""
process.stdin.on("data", (chunk: Uint8Array) => {
  pending += new TextDecoder().decode(chunk)
  for (let end = pending.indexOf("\n"); end >= 0; end = pending.indexOf("\n")) {
    const line = pending.slice(0, end).trim()
    pending = pending.slice(end + 1)
    if (line !== "stats") continue
    const usage = process.cpuUsage()
    process.stdout.write(`${JSON.stringify({ cpuUs: usage.user + usage.system, rss: process.memoryUsage().rss })}\n`)
  }
})
process.stdin.on("end", () => process.exit(0))
