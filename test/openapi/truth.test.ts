/**
 * Issue 23, item 3: the document tells the truth. Random endpoint values
 * and random malformed requests (wrong parameter types, a missing query,
 * bad JSON, a wrong content type, an oversize body, a method no case takes,
 * cross-site unsafe methods, broken percent-encoding) go through the real
 * hosts (node:http, Express, Fetch), for a fixture API and for the example
 * site, each with the host options its document was built from. Every
 * answer's status, media type and JSON body must be what the document lists
 * for the operation (`truth-check.ts`), and the typed client must decode
 * every documented answer of a declared case.
 */
import { fileURLToPath } from "node:url"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Router as ClientRouter } from "../../src/client/client-router.js"
import { endpointRequest } from "../../src/client/request.js"
import { FetchError } from "../../src/client/fetch-error.js"
import { FormData, Json, Responds, Returns } from "../../src/descriptor/attributes.js"
import { Media } from "../../src/descriptor/media.js"
import { NoBody } from "../../src/descriptor/no-body.js"
import { t } from "../../src/descriptor/t.js"
import type { Infer } from "../../src/descriptor/descriptor.js"
import type { HostOptions } from "../../src/host/host-options.js"
import { OpenApi } from "../../src/openapi/document.js"
import { LinkError } from "../../src/router/link/link-error.js"
import type { Router } from "../../src/router/router.js"
import { Auth } from "../../src/sitelet/auth/auth.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Http } from "../../src/sitelet/http/http-status.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import type { Sitelet as SiteletType } from "../../src/sitelet/sitelet.js"
import { Site as ExampleSite } from "../../examples/site/endpoints.js"
import { exampleHostOptions } from "../../examples/site/host-options.js"
import { site as exampleSite } from "../../examples/site/site.js"
import { document as exampleDocument } from "../../examples/site/docs.js"
import { arbitraryOf } from "../support/arbitrary.js"
import { expressHost, fetchHost, nodeHost, type HostUnderTest, type WireRequest } from "../host/support.js"
import { DocumentIndex } from "./truth-check.js"

const numRuns = Number(process.env.FC_NUM_RUNS ?? 100)

const Item = t.record({ id: t.int, name: t.string })
const Problem = t.record({ error: t.string })
const Api = t.union({
  Home: "GET /",
  Search: "GET /search?q=<q>&page=<page:int?>",
  GetItem: t.case("GET /items/<id:int>", {}, Responds({ 200: Item, 404: Problem })),
  CreateItem: t.case("POST /items", { item: Json(Item) }, Responds({ 201: Item })),
  DeleteItem: t.case("DELETE /items/<id:int>", {}, Responds({ 204: NoBody, 404: Problem })),
  Login: t.case(
    "GET|POST /login",
    { user: FormData(t.option(t.string)) },
    Responds({ 200: Media("text/html"), 401: Media("text/html") }),
  ),
  Upload: t.case("POST /upload", { doc: FormData(t.file({ MaxBytes: 200 })) }, Returns(t.int)),
  Slow: "GET /slow",
})
type Api = Infer<typeof Api>
const Admin = t.union({ Dashboard: "GET /", Login: "GET /login" })
const Keys = t.union({ List: t.case("GET /", Returns(t.list(t.string))) })

const api = Sitelet.Infer(Api, {
  Home: () => Content.Page({ Title: "Home", Body: "home" }),
  Search: (_ctx, e) => Content.Text(`${e.q} ${e.page ?? 1}`),
  GetItem: (_ctx, e) =>
    e.id > 0
      ? Content.Json({ id: e.id, name: "item" })
      : Content.SetStatus(Http.Status.NotFound, Content.Json({ error: `no item ${e.id}` })),
  CreateItem: (_ctx, e) => Content.SetStatus(Http.Status.Created, Content.Json(e.item)),
  DeleteItem: (_ctx, e) =>
    e.id > 0 ? Content.NoContent() : Content.SetStatus(Http.Status.NotFound, Content.Json({ error: "gone" })),
  Login: (_ctx, e) =>
    e.user === "ada"
      ? Content.Page({ Title: "Welcome", Body: "welcome" })
      : Content.SetStatus(Http.Status.Unauthorized, Content.Page({ Title: "Log in", Body: "who?" })),
  Upload: (_ctx, e) => Content.Json(e.doc.size),
  Slow: () => new Promise((resolve) => setTimeout(() => resolve(Content.Text("late")), 200)),
})
const admin = Sitelet.Shift(
  "admin",
  Sitelet.Protect(
    { VerifyUser: () => true, LoginRedirect: () => ({ $: "Login" as const }) },
    Sitelet.Infer(Admin, { Dashboard: () => Content.Text("admin"), Login: () => Content.Text("log in") }),
  ),
)
// An API behind header credentials: 401 without or with bad ones, 403 for a user VerifyUser refuses.
const keys = Sitelet.Shift(
  "keys",
  Sitelet.Protect(
    {
      VerifyUser: (user) => user === "ada",
      Credentials: [Auth.Bearer(), Auth.ApiKey("X-API-Key", (key) => ({ good: "ada", other: "bob" })[key])],
    },
    // Behind the credentials, one request per user per 100 s: the second gets 429 with Retry-After.
    Sitelet.RateLimit(
      { Capacity: 1, RefillPerSecond: 0.01, Key: (ctx) => ctx.UserSession.GetLoggedInUser() },
      Sitelet.Infer(Keys, { List: () => Content.Json(["a", "b"]) }),
    ),
  ),
)
const files = Sitelet.Shift(
  "static",
  Sitelet.Files(fileURLToPath(new URL("../../examples/site/public", import.meta.url))),
)
const fixture = Sitelet.Sum(
  api as SiteletType<unknown>,
  admin as SiteletType<unknown>,
  keys as SiteletType<unknown>,
  files as SiteletType<unknown>,
)
const fixtureOptions: HostOptions = {
  session: { secret: "truth suite secret, 32 bytes and more" },
  csrf: true,
  methodNotAllowed: true,
  etag: true,
  deadline: 50,
  limits: { bodyBytes: 2048 },
  onError: () => undefined,
}
const fixtureDocument = OpenApi.Document(fixture, { info: { title: "truth", version: "1" }, host: fixtureOptions })

/** A request as the client builds it, then possibly broken. */
interface Sent extends WireRequest {
  readonly method: string
  readonly target: string
}

async function wireOf(request: Request): Promise<Sent> {
  const url = new URL(request.url)
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => {
    headers[name] = value
  })
  const bytes = new Uint8Array(await request.arrayBuffer())
  return {
    method: request.method,
    target: url.pathname + url.search,
    headers,
    ...(bytes.byteLength > 0 || !["GET", "HEAD"].includes(request.method) ? { body: bytes } : {}),
  }
}

const mutations = [
  "none",
  "wrongPathValue",
  "noQuery",
  "badQueryValues",
  "badJson",
  "wrongContentType",
  "noContentType",
  "oversize",
  "otherMethod",
  "crossSite",
  "badPercent",
  "emptyBody",
  "badHeaders",
] as const
type Mutation = (typeof mutations)[number]

function mutate(sent: Sent, mutation: Mutation, seed: number, limit: number, headerNames: readonly string[]): Sent {
  const [path, query = ""] = sent.target.split("?") as [string, string?]
  // A body on a GET becomes a POST's: a method the operation may not take, checked as such.
  const withBody = sent.method === "GET" || sent.method === "HEAD" ? "POST" : sent.method
  const segments = path.split("/")
  switch (mutation) {
    case "none":
      return sent
    case "wrongPathValue": {
      if (segments.length < 2) return sent
      const at = 1 + (seed % (segments.length - 1))
      segments[at] = ["abc", "-1.5", "x%20y", "9999999999999999999"][seed % 4] as string
      return { ...sent, target: segments.join("/") + (query ? `?${query}` : "") }
    }
    case "noQuery":
      return { ...sent, target: path }
    case "badQueryValues": {
      const params = new URLSearchParams(query)
      const keys = [...params.keys(), "page", "q"]
      return { ...sent, target: `${path}?${keys.map((key) => `${encodeURIComponent(key)}=abc`).join("&")}` }
    }
    case "badJson":
      return {
        ...sent,
        method: withBody,
        headers: { ...sent.headers, "content-type": "application/json" },
        body: "{not json",
      }
    case "wrongContentType":
      return {
        ...sent,
        method: withBody,
        headers: { ...sent.headers, "content-type": "text/plain" },
        body: sent.body ?? "x",
      }
    case "noContentType": {
      const { "content-type": _type, ...headers } = sent.headers ?? {}
      return { ...sent, method: withBody, headers, body: sent.body ?? "x" }
    }
    case "oversize":
      return {
        ...sent,
        method: withBody,
        headers: { ...sent.headers, "content-type": sent.headers?.["content-type"] ?? "application/json" },
        body: `"${"x".repeat(limit)}"`,
      }
    case "otherMethod": {
      const methods = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"].filter((method) => method !== sent.method)
      const method = methods[seed % methods.length] as string
      if (method !== "GET") return { ...sent, method }
      const { body: _body, ...bodiless } = sent
      return { ...bodiless, method }
    }
    case "crossSite":
      return {
        ...sent,
        method: sent.method === "GET" ? "POST" : sent.method,
        headers: { ...sent.headers, origin: "http://evil.example", "sec-fetch-site": "cross-site" },
      }
    case "badPercent":
      // In the query: the path stays one the document has, the request target is malformed (400).
      return { ...sent, target: `${path}?${query ? `${query}&` : ""}bad=%zz` }
    case "emptyBody":
      // The media type the case reads, and nothing in it: missing form fields, an empty JSON body.
      return { ...sent, method: withBody, body: "" }
    case "badHeaders": {
      // Every header parameter the document lists for the path, with a value no typed header reads.
      const headers = { ...sent.headers }
      for (const name of headerNames) headers[name] = "abc"
      return { ...sent, headers }
    }
  }
}

/** The client's `fetch`, sending through a host under test. */
const clientFetch =
  (host: HostUnderTest, prefix = "") =>
  async (request: Request) => {
    const sent = await wireOf(request)
    const answer = await host.send({ ...sent, target: prefix + sent.target })
    const headers = new Headers()
    for (const [name, value] of answer.headers)
      if (name !== "transfer-encoding" && name !== "content-length") headers.set(name, value)
    const empty = answer.status === 204 || answer.status === 205 || answer.status === 304
    return new Response(empty ? null : answer.body, { status: answer.status, headers })
  }

interface Subject {
  readonly name: string
  readonly site: SiteletType<unknown>
  readonly options: HostOptions
  readonly index: DocumentIndex
  readonly values: fc.Arbitrary<unknown>
  readonly router: Router<unknown>
  readonly limit: number
}

const subjects: Subject[] = [
  {
    name: "fixture API",
    site: fixture,
    options: fixtureOptions,
    index: new DocumentIndex(fixtureDocument),
    values: fc.oneof(
      arbitraryOf(Api, { url: true }).filter((value) => (value as Api).$ !== "Slow"),
      fc.constantFrom("/admin", "/admin/login").map((target) => ({ "~target": target })),
      fc.constantFrom("site.css", "missing.css", ".env", "site.css/").map((path) => ({ "~target": `/static/${path}` })),
    ),
    router: fixture.Router,
    limit: 2048,
  },
  {
    name: "example site",
    site: exampleSite as SiteletType<unknown>,
    options: exampleHostOptions(() => undefined),
    index: new DocumentIndex(exampleDocument),
    values: arbitraryOf(ExampleSite, { url: true }),
    router: exampleSite.Router as Router<unknown>,
    limit: 1024 * 1024,
  },
]

/** The request for a generated value: the endpoint's own, or a fixed target (the admin and file parts). */
/** The header parameters the document lists for any operation of a path. */
function headerNamesOf(subject: Subject, sent: Sent): string[] {
  const [path] = sent.target.split("?") as [string]
  return subject.index
    .items(path)
    .flatMap((item) => Object.values(item))
    .flatMap((operation) => operation.parameters)
    .filter((parameter) => parameter.in === "header")
    .map((parameter) => String(parameter.name).toLowerCase())
}

/** Which case a value is: its `$` tags, nested ones included (or its fixed target). */
function caseKey(value: unknown): string {
  if (typeof value !== "object" || value === null) return String(typeof value)
  const fixed = (value as { "~target"?: string })["~target"]
  if (fixed !== undefined) return fixed
  const tag = (value as { $?: unknown }).$
  const nested = Object.entries(value)
    .filter(([key, field]) => key !== "$" && typeof field === "object" && field !== null && "$" in field)
    .map(([key, field]) => `${key}:${caseKey(field)}`)
  return `${String(tag)}(${nested.join(",")})`
}

async function requestFor(subject: Subject, value: unknown): Promise<Sent | undefined> {
  const fixed = (value as { "~target"?: string })["~target"]
  if (fixed !== undefined) return { method: "GET", target: fixed }
  try {
    const sent = await wireOf(endpointRequest(subject.router, value, { base: "http://localhost" }))
    // As the site's own pages send it: a browser says same-origin, so the cross-site check (the example's csrf)
    // lets the request reach its case; the crossSite mutation says otherwise.
    return { ...sent, headers: { ...sent.headers, "sec-fetch-site": "same-origin" } }
  } catch (error) {
    // A value no URL can carry: nothing to send.
    if (error instanceof LinkError) return undefined
    throw error
  }
}

describe.each(subjects)("the $name's document lists every answer its hosts give", (subject) => {
  let hosts: HostUnderTest[] = []
  beforeAll(async () => {
    hosts = [
      fetchHost(subject.site, subject.options),
      await nodeHost(subject.site, subject.options),
      await expressHost(subject.site, subject.options),
    ]
  })
  afterAll(async () => {
    await Promise.all(hosts.map((host) => host.close()))
  })

  // What the document does not list of the hosts' answers to a request.
  const problemsOf = async (sent: Sent): Promise<string[]> => {
    const problems: string[] = []
    for (const host of hosts) {
      const response = await host.send(sent)
      const [path] = sent.target.split("?") as [string]
      const problem = subject.index.problem(sent.method, path, {
        status: response.status,
        contentType: response.headers.get("content-type"),
        body: response.body,
      })
      if (problem !== undefined) problems.push(`${host.name}: ${problem}`)
    }
    return problems
  }
  const check = async (sent: Sent) => expect(await problemsOf(sent), `${sent.method} ${sent.target}`).toEqual([])

  it("for random endpoint values, as linked and as broken in every documented way", async () => {
    // Oversize bodies are checked for the fixture's small limit only (1 MiB per request is slow to repeat).
    const kinds = subject.limit > 4096 ? mutations.filter((m) => m !== "oversize") : mutations
    await fc.assert(
      fc.asyncProperty(subject.values, fc.constantFrom(...kinds), fc.nat(), async (value, mutation, seed) => {
        const sent = await requestFor(subject, value)
        if (sent === undefined) return
        await check(mutate(sent, mutation, seed, subject.limit, headerNamesOf(subject, sent)))
      }),
      { numRuns },
    )
  })

  it("for a known path under a method its case does not take (a proxy finds the catch-all's operation)", async () => {
    for (const [method, target] of [
      ["GET", "/api/token"],
      ["DELETE", "/api/articles/1"],
      ["PUT", "/api/token"],
    ] as const)
      await check({
        method,
        target,
        headers: { "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      })
  })

  it("for one value of every case, broken in every documented way (no combination left to chance)", async () => {
    const kinds = subject.limit > 4096 ? mutations.filter((m) => m !== "oversize") : mutations
    const byCase = new Map<string, unknown>()
    for (const value of fc.sample(subject.values, { numRuns: 3000, seed: 35 }))
      if (!byCase.has(caseKey(value))) byCase.set(caseKey(value), value)
    expect(byCase.size).toBeGreaterThan(10)
    const problems = new Set<string>()
    for (const value of byCase.values()) {
      const sent = await requestFor(subject, value)
      if (sent === undefined) continue
      for (const [seed, mutation] of kinds.entries())
        for (const problem of await problemsOf(
          mutate(sent, mutation, seed, subject.limit, headerNamesOf(subject, sent)),
        ))
          problems.add(problem.replace(/^\w+: /, ""))
    }
    expect([...problems]).toEqual([])
  })

  it("for fixed requests: conditional GETs, ranges, deadlines, protected parts, an oversize body", async () => {
    const fixed: Sent[] = [
      { method: "GET", target: "/static/site.css", headers: { range: "bytes=0-3" } },
      { method: "GET", target: "/static/site.css", headers: { range: "bytes=999999-" } },
      { method: "GET", target: "/static/site.css", headers: { "if-modified-since": new Date().toUTCString() } },
      { method: "GET", target: "/", headers: { "if-none-match": "*" } },
      {
        method: "GET",
        target: subject.limit <= 4096 ? "/items/1" : "/api/articles",
        headers: { "if-none-match": "*" },
      },
      { method: "POST", target: "/", headers: { origin: "http://evil.example" } },
      { method: "OPTIONS", target: "/" },
      { method: "OPTIONS", target: subject.limit <= 4096 ? "/items/1" : "/blog/1" },
    ]
    if (subject.limit <= 4096) {
      fixed.push(
        { method: "GET", target: "/items/%E0%A4%A" },
        { method: "GET", target: "/slow" },
        { method: "GET", target: "/admin" },
        { method: "GET", target: "/keys" },
        { method: "GET", target: "/keys", headers: { authorization: "Bearer b1.forged" } },
        { method: "GET", target: "/keys", headers: { "x-api-key": "other" } },
        { method: "GET", target: "/keys", headers: { "x-api-key": "good" } },
        { method: "GET", target: "/keys", headers: { "x-api-key": "good" } },
        {
          method: "POST",
          target: "/items",
          headers: { "content-type": "application/json" },
          body: `"${"x".repeat(4096)}"`,
        },
      )
    } else fixed.push({ method: "GET", target: "/blog/%E0%A4%A" })
    for (const sent of fixed) await check(sent)
  })
})

describe("the typed client decodes every documented answer of a declared case", () => {
  let hosts: HostUnderTest[] = []
  beforeAll(async () => {
    hosts = [fetchHost(fixture, fixtureOptions), await nodeHost(fixture, fixtureOptions)]
  })
  afterAll(async () => {
    await Promise.all(hosts.map((host) => host.close()))
  })
  const client = ClientRouter.Infer(Api)
  const index = new DocumentIndex(fixtureDocument)
  type Declared = Extract<Api, { $: "GetItem" | "CreateItem" | "DeleteItem" | "Upload" }>
  const declared = new Set(["GetItem", "CreateItem", "DeleteItem", "Upload"])
  const values = arbitraryOf(Api, { url: true }).filter((value): value is Declared => declared.has(value.$))

  it("a success resolves to its value (or undefined), a documented error throws FetchError with the value", async () => {
    await fc.assert(
      fc.asyncProperty(values, async (value) => {
        for (const host of hosts) {
          // A same-origin call, as from the site's own pages (csrf is on).
          const init = {
            base: "http://localhost",
            fetch: clientFetch(host),
            headers: { "sec-fetch-site": "same-origin" },
          }
          let resolved: unknown
          let failure: FetchError | undefined
          try {
            resolved = await client.Fetch(value, init)
          } catch (error) {
            if (error instanceof LinkError) return
            if (!(error instanceof FetchError)) throw error
            failure = error
          }
          if (failure !== undefined) {
            // The status is one the document lists for the operation; a declared body is decoded as `value`.
            const request = endpointRequest(client, value, init)
            const path = new URL(request.url).pathname
            const operation = index.items(path)[0]?.[request.method.toLowerCase()]
            expect(Object.keys(operation?.responses ?? {}), `${host.name} ${failure.message}`).toContain(
              String(failure.status),
            )
            if (failure.status === 404) expect(failure.value, host.name).toEqual({ error: expect.any(String) })
          }
          switch (value.$) {
            case "GetItem":
              if (value.id > 0) expect(resolved, host.name).toEqual({ id: value.id, name: "item" })
              else expect(failure?.value, host.name).toEqual({ error: `no item ${value.id}` })
              break
            case "CreateItem":
              expect(resolved, host.name).toEqual(value.item)
              break
            case "DeleteItem":
              if (value.id > 0) expect([resolved, failure], host.name).toEqual([undefined, undefined])
              else expect(failure?.value, host.name).toEqual({ error: "gone" })
              break
            case "Upload":
              // Over its MaxBytes, the file is refused (400, the host's own answer: no declared body).
              if (value.doc.size <= 200)
                expect(resolved, `${host.name} ${failure?.message} ${JSON.stringify(value.doc.name)}`).toBe(
                  value.doc.size,
                )
              else expect([failure?.status, failure?.value], host.name).toEqual([400, undefined])
              break
          }
        }
      }),
      { numRuns },
    )
  })
})
