// The matrix on Bun: one Bun.serve per site on 127.0.0.1, ephemeral ports, printed as one JSON line.
import { handlerFor, matrixSecret, siteNames } from "../dist/sites.mjs"

const ports = {}
for (const name of siteNames) {
  const handler = handlerFor(name, matrixSecret)
  // Handed over as it is: Bun calls fetch(request, server), so ctx.Env is the server; `websocket` runs the upgrades.
  ports[name] = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: handler.fetch, websocket: handler.websocket }).port
}
console.log(JSON.stringify({ ports }))
