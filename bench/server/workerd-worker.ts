/**
 * The Worker `workerd serve` runs for the whole-server rows on workerd
 * (bundled by bench/run.ts, Hono included): the row named by the `APP` text
 * binding, built on its first request.
 */
import { runtimeApps } from "./runtime-apps.js"

type Handler = (request: Request) => Response | Promise<Response>
const handlers = new Map<string, Handler>()

export default {
  fetch(request: Request, env: { readonly APP: string }): Response | Promise<Response> {
    let handler = handlers.get(env.APP)
    if (handler === undefined) {
      const app = runtimeApps.find((candidate) => candidate.name === env.APP)
      if (app?.fetch === undefined) return new Response(`unknown server ${env.APP}`, { status: 500 })
      handlers.set(env.APP, (handler = app.fetch()))
    }
    return handler(request)
  },
}
