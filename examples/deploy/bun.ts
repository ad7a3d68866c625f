// Bun.   SESSION_SECRET=… bun examples/deploy/bun.ts
import { Fetch } from "sitelets"
import { secretsFrom, site } from "./site.js"

const handler = Fetch.Handler(site, { session: { secret: secretsFrom(process.env) } })
const server = Bun.serve({
  hostname: process.env.HOST ?? "127.0.0.1",
  port: Number(process.env.PORT ?? 3000),
  fetch: handler.fetch,
  websocket: handler.websocket, // the upgrades of WebSocket cases (docs/websockets.md)
})
console.log(`listening on http://${server.hostname}:${server.port}`)
