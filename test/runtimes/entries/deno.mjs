// The matrix on Deno (run with --allow-net only): one Deno.serve per site on 127.0.0.1, ephemeral ports.
import { handlerFor, matrixSecret, siteNames } from "../dist/sites.mjs"

const ports = {}
await Promise.all(
  siteNames.map(
    (name) =>
      new Promise((resolve) => {
        const handler = handlerFor(name, matrixSecret)
        // Handed over as it is: Deno calls handler(request, info), so ctx.Env is the connection info.
        Deno.serve(
          { hostname: "127.0.0.1", port: 0, onListen: ({ port }) => resolve((ports[name] = port)) },
          handler.fetch,
        )
      }),
  ),
)
console.log(JSON.stringify({ ports }))
