/**
 * `npm run bench:features`: what each feature a route may use costs per
 * request when on, and that it costs nothing when off (issue 53, item 2).
 * One JSON route (`GET /users/42`), served in process by `Fetch.Handler`
 * (a `Request` in, the answer's body read), CPU time per request over
 * interleaved rounds (bench/common/harness.ts), each row beside the plain
 * site in the same rounds:
 *
 * - sessions: the handler reads `ctx.UserSession.GetLoggedInUser()`, with
 *   the request's signed session cookie (HMAC through WebCrypto) and
 *   without one;
 * - CORS: the route served by `Sitelet.CorsContent` for one allowed origin,
 *   the request from that origin (and the plain route sent the same
 *   `Origin`, which it ignores);
 * - telemetry: `OpenTelemetry()` with no SDK (the API's no-op tracer and
 *   meter); `npm run bench:telemetry` measures it with the SDK, over
 *   sockets;
 * - compression: on, for a 43-byte answer (under the threshold: the check
 *   alone); `npm run bench -- compression` measures a 10 KB answer.
 *
 * Ratios, not timings, are the result: the machine is shared.
 */
import { Content, Cors, Fetch, type HostOptions, Sitelet, t } from "../src/index.js"
import { OpenTelemetry } from "../src/otel/index.js"
import { measure, type Subject } from "./common/harness.js"

const user = { id: 42, name: "Ada Lovelace", email: "ada@example.com" }
const Api = t.union({ User: "GET /users/<id:int>", Login: "POST /login" })
const secret = "the features bench's session secret, 32 bytes+"
const origin = "https://app.example"

const plain = Sitelet.Infer(Api, {
  User: (_ctx, e) => Content.Json({ ...user, id: e.id }),
  Login: () => Content.NoContent(),
})
const withSession = Sitelet.Infer(Api, {
  User: async (ctx, e) => Content.Json({ ...user, id: e.id, name: (await ctx.UserSession.GetLoggedInUser()) ?? "" }),
  Login: async (ctx) => {
    await ctx.UserSession.LoginUser("ada")
    return Content.NoContent()
  },
})
const withCors = Sitelet.CorsContent(
  "/users/42",
  Cors.Of({ $: "User", id: 42 } as const),
  (allows) => ({ ...allows, Origins: [origin] }),
  () => Content.Json(user),
)

const handle = (site: Sitelet<any>, options: HostOptions = {}) => Fetch.Handler(site, options).fetch
const sessionOptions: HostOptions = { session: { secret } }
const cookie = (
  await handle(withSession, sessionOptions)(new Request("http://localhost/login", { method: "POST" }))
).headers
  .get("set-cookie")
  ?.split(";")[0]
if (cookie === undefined) throw new Error("the login set no session cookie")

/** A subject: `count` requests through a handler, each answer's body read. */
function subject(name: string, fetch: (request: Request) => Promise<Response>, headers: HeadersInit = {}): Subject {
  return {
    name,
    run: async (count) => {
      let ok = 0
      for (let i = 0; i < count; i++) {
        const response = await fetch(new Request("http://localhost/users/42", { headers }))
        if ((await response.arrayBuffer()).byteLength > 0 && response.status === 200) ok++
      }
      return ok
    },
  }
}

const rows: Array<{ feature: string; off: Subject; on: Subject }> = [
  {
    feature: "session read, with its cookie",
    off: subject("plain", handle(plain, sessionOptions), { cookie }),
    on: subject("session", handle(withSession, sessionOptions), { cookie }),
  },
  {
    feature: "session read, no cookie",
    off: subject("plain", handle(plain, sessionOptions)),
    on: subject("session", handle(withSession, sessionOptions)),
  },
  {
    feature: "CORS, a request from the allowed origin",
    off: subject("plain", handle(plain), { origin }),
    on: subject("CORS", handle(withCors), { origin }),
  },
  {
    feature: "telemetry, OpenTelemetry() without an SDK",
    off: subject("plain", handle(plain)),
    on: subject("telemetry", handle(plain, { telemetry: OpenTelemetry() })),
  },
  {
    feature: "compression on, a 43-byte answer",
    off: subject("plain", handle(plain), { "accept-encoding": "gzip" }),
    on: subject("compression", handle(plain, { compress: true }), { "accept-encoding": "gzip" }),
  },
]

console.log("| feature | off (µs/request) | on (µs/request) | on ÷ off |")
console.log("|---|---:|---:|---:|")
for (const { feature, off, on } of rows) {
  const [plainTiming, featureTiming] = await measure([off, on], { batchMs: 30, rounds: 9, warmupMs: 300 })
  const ratios = plainTiming!.rounds.map((ns, round) => featureTiming!.rounds[round]! / ns).sort((a, b) => a - b)
  const ratio = ratios[Math.floor(ratios.length / 2)]!
  const us = (ns: number) => (ns / 1000).toFixed(2)
  console.log(`| ${feature} | ${us(plainTiming!.median)} | ${us(featureTiming!.median)} | ${ratio.toFixed(2)}× |`)
}
