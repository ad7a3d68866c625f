/**
 * `npm run docs`: generates the API reference (TypeDoc) and serves the
 * documentation site with node:http on http://localhost:8081 (`PORT`
 * changes it). The pages are rendered from `docs/*.md` on first request.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { NodeHandler } from "../../src/host/node/index.js"
import { apiCache, generateApiReference } from "./api-reference.js"
import { docsSite } from "./site.js"

const port = Number(process.env.PORT ?? 8081)
console.log("generating the API reference with TypeDoc…")
await generateApiReference(apiCache)
const server = createServer(NodeHandler(docsSite({ apiDirectory: apiCache })))
server.listen(port, "127.0.0.1", () => {
  console.log(`sitelets documentation on http://localhost:${(server.address() as AddressInfo).port}`)
})
const stop = () => server.close(() => process.exit(0))
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
