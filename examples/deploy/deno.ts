// Deno, with only the permissions it needs:
//   deno run --allow-net --allow-env=SESSION_SECRET,SESSION_SECRET_OLD deploy/deno.js [port]
import { Fetch } from "sitelets"
import { secretsFrom, site } from "./site.js"

const secret = secretsFrom({
  SESSION_SECRET: Deno.env.get("SESSION_SECRET"),
  SESSION_SECRET_OLD: Deno.env.get("SESSION_SECRET_OLD"),
})
const handler = Fetch.Handler(site, { session: { secret } })
Deno.serve({ hostname: "127.0.0.1", port: Number(Deno.args[0] ?? 8000) }, (request) => handler.fetch(request))
