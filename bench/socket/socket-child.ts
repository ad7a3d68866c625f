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
import { onStdinLines } from "../common/stdin-lines.js"
import { echoSite } from "./echo-site.js"
import { NodeHandler } from "sitelets/node"
import { WebSocketServer } from "ws"

const name = process.argv[2]
const server = createServer()
if (name === "sitelets") {
  const handler = NodeHandler(echoSite)
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
onStdinLines((line) => {
  if (line !== "stats") return
  const usage = process.cpuUsage()
  process.stdout.write(`${JSON.stringify({ cpuUs: usage.user + usage.system, rss: process.memoryUsage().rss })}\n`)
})
