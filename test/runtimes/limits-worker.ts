/**
 * The Worker of test/runtimes/durable-objects.test.ts: the rate-limit
 * contract's `take` over HTTP (`POST /take`), through `durableObjectStore`
 * and the `RateLimitObject` class it exports, and a limited site
 * (`GET /limited`, 2 requests then 429) for the whole path in workerd.
 */
import { Content, Sitelet, t } from "../../src/index.js"
import { type DurableObjectNamespaceLike, durableObjectStore, RateLimitObject } from "../../src/cloudflare/index.js"

export { RateLimitObject }

interface Env {
  readonly LIMITS: DurableObjectNamespaceLike
}

const limited = (env: Env) =>
  Sitelet.RateLimit(
    {
      Capacity: 2,
      RefillPerSecond: 0.001,
      Key: () => "everyone",
      Store: durableObjectStore(env.LIMITS, { prefix: "site:" }),
    },
    Sitelet.Infer(t.union({ Limited: "GET /limited" }), () => Content.Text("within the limit")),
  )

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url)
    if (url.pathname === "/take") {
      const { key, capacity, refillPerSecond, now } = (await request.json()) as {
        key: string
        capacity: number
        refillPerSecond: number
        now: number
      }
      return Response.json(await durableObjectStore(env.LIMITS).take(key, { capacity, refillPerSecond }, now))
    }
    return (await limited(env).Handle(request)) ?? new Response("Not Found", { status: 404 })
  },
}
