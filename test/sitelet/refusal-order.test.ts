/**
 * Issue 51, item 1: one order of refusals. For generated declarations under
 * `Sitelet.Protect` (inside a client-keyed `RateLimit`, around a user-keyed
 * one, mounted plain, under
 * `Shift` or beside a public part in a `Sum`; `Infer` or `InferWithErrors`),
 * every combination of a wrong path, method, client, credential, user quota,
 * body size, media type and body gets exactly the first refusal of 404, 405,
 * 429 (the client's), 401/403, 429 (the user's), 413, 415, 400 — and a request refused before its body reads no
 * byte of it (the bytes the Fetch host pulled from the request's stream).
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { FormData, Json } from "../../src/descriptor/attributes.js"
import { t } from "../../src/descriptor/t.js"
import { Fetch } from "../../src/host/fetch/fetch-handler.js"
import type { RateLimitStore } from "../../src/sitelet/limits/rate-limit.js"
import { Auth } from "../../src/sitelet/auth/auth.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Http } from "../../src/sitelet/http/http-status.js"
import type { Sitelet as SiteletOf } from "../../src/sitelet/sitelet.js"
import { countedBody } from "../support/counted-body.js"

type BodyKind = "json" | "form" | "none"
interface Declared {
  readonly kinds: readonly BodyKind[]
  readonly withErrors: boolean
  readonly mount: "plain" | "shift" | "sum"
}

const limit = 256
const method = { json: "POST", form: "PUT", none: "GET" } as const
const mediaType = { json: "application/json", form: "application/x-www-form-urlencoded", none: "" } as const
const bodies = {
  json: { valid: '{"title":"a","n":1}', invalid: '{"title":7,"n":1}', over: `{"title":"${"a".repeat(400)}","n":1}` },
  form: { valid: "name=x", invalid: "other=1", over: `name=${"a".repeat(400)}` },
} as const

// Templates made at run time: their type is only `string`.
const looseCase = t.case as unknown as (template: string, fields: object) => unknown

// Case i: /c<i>/<id:int>, reading a JSON body (POST), a form (PUT) or none (GET).
function declaration(kinds: readonly BodyKind[]) {
  const cases: Record<string, unknown> = {}
  kinds.forEach((kind, i) => {
    const path = `/c${i}/<id:int>`
    cases[`C${i}`] =
      kind === "json"
        ? looseCase(`POST ${path}`, { item: Json(t.record({ title: t.string, n: t.int })) })
        : kind === "form"
          ? looseCase(`PUT ${path}`, { name: FormData(t.string) })
          : looseCase(`GET ${path}`, {})
  })
  return t.union(cases as never)
}

// A store that refuses one client, and a user whose quota is spent, and admits every other.
const store: RateLimitStore = {
  take: (key) => ({ allowed: key !== "flood" && key !== "ann:spent", remaining: 1, retryAfterSeconds: 1 }),
}

function siteOf(declared: Declared): SiteletOf<unknown> {
  const Declaration = declaration(declared.kinds)
  const inner = declared.withErrors
    ? Sitelet.InferWithErrors(Declaration, (_ctx, result) =>
        result.$ === "Success"
          ? Content.Text("ok")
          : Content.SetStatus(Http.Status.BadRequest, Content.Text(`refused: ${result.$}`)),
      )
    : Sitelet.Infer(Declaration, () => Content.Text("ok"))
  const protectedPart = Sitelet.Protect(
    {
      VerifyUser: (user) => user === "ann",
      Credentials: [Auth.Bearer({ verify: (token) => ({ good: "ann", other: "bob" })[token as "good"] })],
    },
    // A limit keyed on the user, inside: after the credentials, before the body.
    Sitelet.RateLimit(
      {
        Capacity: 1,
        RefillPerSecond: 1,
        Store: store,
        Key: async (ctx) => `${await ctx.UserSession.GetLoggedInUser()}:${ctx.Request.headers.get("x-quota")}`,
      },
      inner as SiteletOf<unknown>,
    ),
  )
  const limited = Sitelet.RateLimit(
    { Capacity: 1, RefillPerSecond: 1, Store: store, Key: (ctx) => ctx.Request.headers.get("x-client") ?? "anyone" },
    protectedPart,
  )
  if (declared.mount === "shift") return Sitelet.Shift("api", limited) as SiteletOf<unknown>
  if (declared.mount === "sum") {
    const open = Sitelet.Infer(t.union({ Open: "GET /open" }), () => Content.Text("open"))
    return Sitelet.Sum(open as SiteletOf<unknown>, limited)
  }
  return limited
}

interface Wrong {
  readonly path: boolean
  readonly method: boolean
  readonly client: boolean
  readonly credential: "none" | "bad" | "refused" | "good"
  readonly quota: boolean
  readonly over: boolean
  readonly media: boolean
  readonly body: boolean
}

// The refusals that come before the body is read.
const beforeBody = new Set([404, 405, 429, 401, 403])

// The first refusal in the order, or 200.
function expected(kind: BodyKind, wrong: Wrong, withErrors: boolean): number {
  if (wrong.path) return 404
  if (wrong.method) return 405
  if (wrong.client) return 429
  if (wrong.credential === "none" || wrong.credential === "bad") return 401
  if (wrong.credential === "refused") return 403
  if (wrong.quota) return 429
  if (kind === "none") return 200
  if (wrong.over) return 413
  // InferWithErrors hands a body it cannot decode to the handler (here: 400), whatever its media type.
  if (wrong.media) return withErrors ? 400 : 415
  if (wrong.body) return 400
  return 200
}

async function send(handler: ReturnType<typeof Fetch.Handler>, declared: Declared, index: number, wrong: Wrong) {
  const kind = declared.kinds[index] as BodyKind
  const prefix = declared.mount === "shift" ? "/api" : ""
  const path = wrong.path ? `${prefix}/c${index}/not-an-int` : `${prefix}/c${index}/7`
  const verb = wrong.method ? "DELETE" : method[kind]
  const headers: Record<string, string> = {
    "x-client": wrong.client ? "flood" : "fine",
    "x-quota": wrong.quota ? "spent" : "left",
  }
  if (wrong.credential !== "none")
    headers.authorization = `Bearer ${{ bad: "nobody", refused: "other", good: "good" }[wrong.credential]}`
  let pulled = () => 0
  const init: RequestInit & { duplex?: "half" } = { method: verb, headers }
  if (kind !== "none" && !wrong.method) {
    headers["content-type"] = wrong.media ? "text/plain" : mediaType[kind]
    const counted = countedBody(bodies[kind][wrong.over ? "over" : wrong.body ? "invalid" : "valid"])
    init.body = counted.body
    init.duplex = "half"
    pulled = counted.pulled
  }
  const response = await handler.fetch(new Request(`http://localhost${path}`, init))
  await response.arrayBuffer()
  return { response, pulled: pulled() }
}

const declared = fc.record({
  kinds: fc.array(fc.constantFrom<BodyKind>("json", "form", "none"), { minLength: 1, maxLength: 3 }),
  withErrors: fc.boolean(),
  mount: fc.constantFrom<Declared["mount"]>("plain", "shift", "sum"),
})

const everyWrong: Wrong[] = []
for (const path of [false, true])
  for (const method of [false, true])
    for (const client of [false, true])
      for (const credential of ["none", "bad", "refused", "good"] as const)
        for (const quota of [false, true])
          for (const over of [false, true])
            for (const media of [false, true])
              for (const body of [false, true])
                everyWrong.push({ path, method, client, credential, quota, over, media, body })

describe("the order of refusals under Protect", () => {
  it("gives every combination its first refusal, and reads no body before the credentials admit", async () => {
    await fc.assert(
      fc.asyncProperty(declared, async (declaration) => {
        const handler = Fetch.Handler(siteOf(declaration), { methodNotAllowed: true, limits: { bodyBytes: limit } })
        for (let index = 0; index < declaration.kinds.length; index++) {
          const kind = declaration.kinds[index] as BodyKind
          for (const wrong of everyWrong) {
            const { response, pulled } = await send(handler, declaration, index, wrong)
            const want = expected(kind, wrong, declaration.withErrors)
            const about = JSON.stringify({ declaration, kind, wrong })
            expect(response.status, about).toBe(want)
            if (beforeBody.has(want)) expect(pulled, `${about}: body bytes read`).toBe(0)
            if (want === 401) expect(response.headers.get("www-authenticate"), about).toMatch(/^Bearer /)
            if (want === 405) expect(response.headers.get("allow"), about).toContain(method[kind])
          }
        }
      }),
      { numRuns: 12 },
    )
  })
})
