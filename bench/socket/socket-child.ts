/**
 * Child process of the WebSocket benchmark: serves the echo named in
 * argv[2] on 127.0.0.1, prints `{"port":N}`, answers each `stats` line on
 * stdin with its CPU time and resident memory so far, and exits when the
 * parent closes stdin.
 * - `ws`: `ws`'s WebSocketServer on node:http, echoing each text frame as it came;
 * - `ws + JSON`: the same, parsing each message and writing an answer with JSON.parse/JSON.stringify;
 * - `sitelets`: the node host, a `WebSocket` case with typed messages (decoded and encoded by the JSON codec).
 */
import { createServer } from "node:http"
import { createInterface } from "node:readline"
import { Content, Sitelet, t, WebSocket } from "sitelets"
import { NodeHandler } from "sitelets/node"
import { WebSocketServer } from "ws"

const Said = t.union({ Say: t.case({ text: t.string }) })
const Heard = t.union({ Echo: t.case({ text: t.string }) })
const EchoSocket = WebSocket({ FromClient: Said, FromServer: Heard })

const name = process.argv[2]
const server = createServer()
if (name === "sitelets") {
  const site = Sitelet.Infer(t.union({ Echo: t.case("GET /echo", {}, EchoSocket) }), {
    Echo: () =>
      Content.WebSocket(
        EchoSocket,
        async (socket) => {
          for await (const said of socket) await socket.Send({ $: "Echo", text: said.text })
        },
        // The benchmark's clients send as fast as they are answered: no rate limit, no pings.
        { MaxMessagesPerSecond: 1e9, PingSeconds: 0 },
      ),
  })
  const handler = NodeHandler(site)
  server.on("request", handler)
  server.on("upgrade", handler.upgrade)
} else {
  const sockets = new WebSocketServer({ server, perMessageDeflate: false })
  const json = name === "ws + JSON"
  sockets.on("connection", (socket) =>
    socket.on("message", (data) => {
      if (!json) return socket.send(data.toString())
      const said = JSON.parse(data.toString()) as { text: string }
      socket.send(JSON.stringify({ $: "Echo", text: said.text }))
    }),
  )
}
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`)
})
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line.trim() !== "stats") return
  const usage = process.cpuUsage()
  process.stdout.write(`${JSON.stringify({ cpuUs: usage.user + usage.system, rss: process.memoryUsage().rss })}\n`)
})
process.stdin.on("end", () => process.exit(0))
