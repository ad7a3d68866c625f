/**
 * `npm start`: serves the example site with node:http on
 * http://localhost:8080 (the PORT environment variable overrides).
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { NodeHandler } from "../../src/host/node.js"
import { site } from "./site.js"
import { frontEnd } from "./client/serve.js"

const port = Number(process.env.PORT ?? 8080)
// The browser front end (/app, bundled at startup) next to the server-rendered site.
const server = createServer(NodeHandler(site.plus(frontEnd())))
server.listen(port, () => {
  const { port: actual } = server.address() as AddressInfo
  console.log(`sitelets example listening on http://localhost:${actual}`)
})

const stop = () => server.close(() => process.exit(0))
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
