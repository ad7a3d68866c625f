/**
 * The Fetch handlers in process (issue 28, item 5): `Fetch.Handler(site).fetch`
 * next to Hono's `app.fetch`, same endpoints, same bodies, in one process,
 * interleaved rounds. Each operation builds the `Request`, calls the
 * handler, and reads the answer's body (a Fetch runtime's server would).
 * Scenarios: a parametric JSON endpoint, a static text answer, and a miss
 * (sitelets' `undefined` turned into the 404 a user writes: `?? new Response(…, { status: 404 })`).
 */
import { Hono } from "hono"
import { Content, Fetch, Sitelet, t } from "sitelets"
import { measure, type HarnessOptions, type Timing } from "../common/harness.js"
import { userOf } from "../server/user.js"

/** The timings for one scenario. */
export interface FetchResult {
  readonly scenario: string
  readonly url: string
  readonly timings: readonly Timing[]
}

const Api = t.union({ Home: "GET /", User: "GET /users/<id:int>" })
const handler = Fetch.Handler(
  Sitelet.Infer(Api, { Home: () => Content.Text("home"), User: (_ctx, e) => Content.Json(userOf(e.id)) }),
)
const notFound = () => new Response("Not Found", { status: 404 })
const hono = new Hono()
hono.get("/", (c) => c.text("home"))
hono.get("/users/:id", (c) => c.json(userOf(Number(c.req.param("id")))))

const scenarios: ReadonlyArray<readonly [name: string, url: string, status: number]> = [
  ["JSON, one path parameter", "http://localhost/users/42", 200],
  ["static text", "http://localhost/", 200],
  ["miss", "http://localhost/nothing/here", 404],
]

// `count` requests, each answered and read; the statuses that match are the hits (the work is kept).
const runner =
  (fetch: (request: Request) => Promise<Response> | Response, url: string, status: number) => async (count: number) => {
    let hits = 0
    for (let i = 0; i < count; i++) {
      const response = await fetch(new Request(url))
      await response.arrayBuffer()
      if (response.status === status) hits++
    }
    return hits
  }

/**
 * Measures every scenario; checks first that both handlers answer the same
 * status and body.
 *
 * @example
 * ```ts
 * const results = await fetchBench()
 * ```
 */
export async function fetchBench(options?: HarnessOptions): Promise<FetchResult[]> {
  const ours = async (request: Request) => (await handler.fetch(request)) ?? notFound()
  const results: FetchResult[] = []
  for (const [scenario, url, status] of scenarios) {
    const [a, b] = [await ours(new Request(url)), await hono.fetch(new Request(url))]
    const [bodyA, bodyB] = [await a.text(), await b.text()]
    if (a.status !== status || b.status !== status || (status === 200 && bodyA !== bodyB))
      throw new Error(`${scenario}: the handlers disagree (${a.status} ${bodyA} | ${b.status} ${bodyB})`)
    const timings = await measure(
      [
        { name: "sitelets Fetch.Handler", run: runner(ours, url, status) },
        { name: "hono app.fetch", run: runner((request) => hono.fetch(request), url, status) },
      ],
      options,
    )
    results.push({ scenario, url, timings })
  }
  return results
}
