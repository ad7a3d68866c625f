/**
 * `npm start`: serves the example site with node:http on
 * http://localhost:8080. `PORT` changes the port; `HOST` the interface
 * (default 127.0.0.1: the demo account should not be reachable from other
 * machines unless asked for, e.g. `HOST=0.0.0.0`). The articles live in a
 * database (db/database.ts: PGlite in `.data/example`, or PostgreSQL at
 * `DATABASE_URL`); limits and chat rooms in memory, or in Redis at
 * `REDIS_URL` (services.ts). `npm run start:cluster` runs this file on
 * several processes (cluster.ts). With `OTEL_EXPORTER_OTLP_ENDPOINT` set,
 * traces and metrics are exported over OTLP (telemetry.ts).
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { NodeHandler } from "../../src/host/node/index.js"
import { Mcp } from "../../src/mcp/index.js"
import { frontEnd } from "./client/serve.js"
import { site } from "./site.js"
import { apiDocs } from "./docs.js"
import { chat } from "./chat/serve.js"
import { exampleHostOptions } from "./host-options.js"
import { closeDatabase, database } from "./db/database.js"
import { services } from "./services.js"
import { exampleTelemetry } from "./telemetry.js"

const port = Number(process.env.PORT ?? 8080)
const host = process.env.HOST ?? "127.0.0.1"
// The browser front end (/app, bundled at startup) next to the server-rendered site.

// Registered before the handler is made: spans and metrics named by route (docs/observability.md).
const observability = await exampleTelemetry(process.env)
// A log line per request; QUIET=1 turns it off.
const options = {
  ...exampleHostOptions(process.env.QUIET === "1" ? () => undefined : (line) => console.log(line)),
  ...(observability.telemetry === undefined ? {} : { telemetry: observability.telemetry }),
}
// The JSON API as MCP tools for AI agents at /mcp (docs/mcp.md): a call is the API request it stands for, under the
// same options, so writes still need the bearer token the agent's MCP client sends. Logging in stays the people's.
const mcp = Mcp.Server(site, {
  Name: "sitelets-example",
  Version: "1.0.0",
  Instructions: "The articles of the sitelets example blog: list and read them; writing one needs a bearer token.",
  Tools: { Exclude: ["Token"] },
  Host: options,
})
const handler = NodeHandler(
  // The OpenAPI document at /openapi.json and its reference page at /api/docs (README, OpenAPI).
  // The chat room (/chat/<room>) upgrades to WebSockets: the server passes upgrades to handler.upgrade.
  site.plus(frontEnd()).plus(apiDocs).plus(chat()).plus(mcp),
  options,
)
const server = createServer(handler)
server.on("upgrade", handler.upgrade)
// `Expect: 100-continue`: 100 only for a body a case reads within its limit, else the 413 at once.
server.on("checkContinue", handler.checkContinue)
// The database opens (and migrates) before the first request: a broken DATABASE_URL stops the start, with its error.
const db = await database()
server.listen(port, host, () => {
  const { port: actual } = server.address() as AddressInfo
  const shown = host === "127.0.0.1" || host === "0.0.0.0" || host === "::" ? "localhost" : host
  console.log(`sitelets example listening on http://${shown}:${actual}`)
  console.log(`  articles and messages: ${db.description}; ${services.description}`)
  console.log(`  telemetry: ${observability.description}`)
})

const stop = () =>
  server.close(async () => {
    await Promise.allSettled([closeDatabase(), services.close(), observability.shutdown()])
    process.exit(0)
  })
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
