// Cloudflare Workers: the session secrets are bindings (wrangler secret put SESSION_SECRET).
import { Fetch } from "sitelets"
import { secretsFrom, site } from "./site.js"

declare module "sitelets" {
  interface HostEnv {
    readonly SESSION_SECRET?: string
    readonly SESSION_SECRET_OLD?: string
  }
}

export default Fetch.Handler(site, { session: { secret: (env) => secretsFrom(env) } })
