/**
 * The Fetch handlers in process (issue 28, item 5): `Fetch.Handler(site).fetch`
 * next to Hono's `app.fetch`, same endpoints, same bodies, in one process,
 * interleaved rounds. Each operation builds the `Request`, calls the
 * handler, and reads the answer's body (a Fetch runtime's server would).
 * Scenarios: a parametric JSON endpoint, a static text answer, and a miss
 * (the host's own 404). Hono sends the headers sitelets sends (checked
 * first, with the bodies), and once more as it comes: the difference is
 * what those headers cost.
 */
import { Hono } from "hono"
import { Content, Fetch, Sitelet, t } from "sitelets"
import { measure, type HarnessOptions, type Timing } from "../common/harness.js"
import { userOf } from "../server/user.js"

/** The timings for one scenario. */
export interface FetchResult {
  /** Where it ran: node (this process), or Bun or Deno (bench/fetch/fetch-child.ts). */
  readonly runtime?: "node" | "bun" | "deno"
  readonly scenario: string
  readonly url: string
  readonly timings: readonly Timing[]
}

const Api = t.union({ Home: "GET /", User: "GET /users/<id:int>" })
const handler = Fetch.Handler(
  Sitelet.Infer(Api, { Home: () => Content.Text("home"), User: (_ctx, e) => Content.Json(userOf(e.id)) }),
)
// Hono as a user writes it to send what sitelets sends (sitelets adds `nosniff` to every answer), and as it comes.
const hono = honoApp(true)
const honoDefault = honoApp(false)

/**
 * The peer: Hono with the two routes; `nosniff` adds the header sitelets
 * sends with every answer (`X-Content-Type-Options: nosniff`), so both send
 * the same headers.
 *
 * @example
 * ```ts
 * await honoApp(true).fetch(new Request("http://localhost/")) // text/plain + nosniff
 * ```
 */
export function honoApp(nosniff: boolean): Hono {
  const app = new Hono()
  if (nosniff) {
    app.get("/", (c) => {
      c.header("X-Content-Type-Options", "nosniff")
      return c.text("home")
    })
    app.get("/users/:id", (c) => {
      c.header("X-Content-Type-Options", "nosniff")
      return c.json(userOf(Number(c.req.param("id"))))
    })
    // sitelets' 404 also forbids loading anything from the error page.
    app.notFound((c) => {
      c.header("X-Content-Type-Options", "nosniff")
      c.header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")
      return c.text("Not Found", 404)
    })
  } else {
    app.get("/", (c) => c.text("home"))
    app.get("/users/:id", (c) => c.json(userOf(Number(c.req.param("id")))))
  }
  return app
}

/** The header names of an answer, lower-case and sorted (what "the same headers" compares). */
const headerNames = (response: Response): string => [...response.headers.keys()].sort().join(", ")

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
  const ours = (request: Request) => handler.fetch(request)
  const results: FetchResult[] = []
  for (const [scenario, url, status] of scenarios) {
    const [a, b] = [await ours(new Request(url)), await hono.fetch(new Request(url))]
    const [bodyA, bodyB] = [await a.text(), await b.text()]
    if (a.status !== status || b.status !== status || bodyA !== bodyB)
      throw new Error(`${scenario}: the handlers disagree (${a.status} ${bodyA} | ${b.status} ${bodyB})`)
    if (headerNames(a) !== headerNames(b))
      throw new Error(`${scenario}: the handlers send other headers (${headerNames(a)} | ${headerNames(b)})`)
    const timings = await measure(
      [
        { name: "sitelets Fetch.Handler", run: runner(ours, url, status) },
        { name: "hono app.fetch", run: runner((request) => hono.fetch(request), url, status) },
        {
          name: "hono app.fetch, its default headers",
          run: runner((request) => honoDefault.fetch(request), url, status),
        },
      ],
      options,
    )
    results.push({ scenario, url, timings })
  }
  return results
}
