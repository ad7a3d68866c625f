// One node:http process.   PORT=8080 SESSION_SECRET=… npx tsx examples/deploy/node.ts
import { createServer } from "node:http"
import { NodeHandler } from "sitelets/node"
import { secretsFrom, site } from "./site.js"

const handler = NodeHandler(site, { session: { secret: secretsFrom(process.env) } })
const server = createServer(handler)
server.on("checkContinue", handler.checkContinue) // 100 Continue only for a body a case will read
server.on("upgrade", handler.upgrade) // WebSocket cases
server.listen(Number(process.env.PORT ?? 8080), process.env.HOST ?? "127.0.0.1", () => {
  console.log(`listening on http://${process.env.HOST ?? "127.0.0.1"}:${(server.address() as { port: number }).port}`)
})
