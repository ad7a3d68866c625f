// One node:http process.   PORT=8080 SESSION_SECRET=… npx tsx examples/deploy/node.ts
import { createServer } from "node:http"
import { NodeHandler } from "sitelets/node"
import { secretsFrom, site } from "./site.js"

const server = createServer(NodeHandler(site, { session: { secret: secretsFrom(process.env) } }))
server.listen(Number(process.env.PORT ?? 8080), process.env.HOST ?? "127.0.0.1", () => {
  console.log(`listening on http://${process.env.HOST ?? "127.0.0.1"}:${(server.address() as { port: number }).port}`)
})
