/**
 * Issue 51, item 1: the checks before the body (src/sitelet/body-gate.ts).
 * On node:http and Express a refused request is answered while its body is
 * still unsent (the host reads no byte of it); a login redirect of a POST
 * form keeps its endpoint; a guard whose check takes only the context runs
 * before the body, one that takes the endpoint after it; a gate inside
 * `Embed` links its own part's endpoints; a method no case takes is a 405
 * before any credential.
 */
import { connect } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { FormData, Json } from "../../src/descriptor/attributes.js"
import type { Infer } from "../../src/descriptor/descriptor.js"
import { t } from "../../src/descriptor/t.js"
import { Auth } from "../../src/sitelet/auth/auth.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Http } from "../../src/sitelet/http/http-status.js"
import { expressHost, type HostUnderTest, nodeHost } from "../host/support.js"
import { countedBody } from "../support/counted-body.js"

const Api = t.union({ Create: t.case("POST /items", { item: Json(t.record({ title: t.string })) }) })
const api = Sitelet.Protect(
  { VerifyUser: () => true, Credentials: [Auth.Bearer({ verify: (token) => (token === "good" ? "ann" : undefined) })] },
  Sitelet.Infer(Api, { Create: (_ctx, e) => Content.Text(`made ${e.item.title}`) }),
)

// Writes the head of a request whose body (Content-Length bytes) it holds back; resolves with the first answer.
function headOnly(port: number, head: string, body?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1")
    let answer = ""
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1")
      if (answer.includes("\r\n\r\n")) {
        socket.destroy()
        resolve(answer)
      }
    })
    socket.on("error", reject)
    socket.write(head)
    // The body, if any, only after a pause in which an answer could already have come.
    if (body !== undefined) setTimeout(() => socket.write(body), 100)
  })
}

describe("a refusal before the body, on node:http and Express", () => {
  const hosts: HostUnderTest[] = []
  beforeAll(async () => {
    hosts.push(await nodeHost(api), await expressHost(api))
  })
  afterAll(async () => {
    for (const host of hosts) await host.close()
  })

  it("answers 401 with its challenge while the body is still unsent, and reads an admitted one", async () => {
    for (const host of hosts) {
      const head = (authorization: string) =>
        `POST /items HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1048576\r\n${authorization}\r\n`
      const refused = await headOnly(host.port as number, head(""))
      expect(refused, host.name).toMatch(/^HTTP\/1\.1 401 /)
      expect(refused, host.name).toMatch(/www-authenticate: Bearer realm="sitelets"/i)
      const badToken = await headOnly(host.port as number, head("Authorization: Bearer nobody\r\n"))
      expect(badToken, host.name).toMatch(/^HTTP\/1\.1 401 /)
      expect(badToken, host.name).toMatch(/error="invalid_token"/)
      // Admitted: the host waits for the body, then reads it.
      const body = '{"title":"a"}'
      const made = await headOnly(
        host.port as number,
        `POST /items HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nAuthorization: Bearer good\r\n\r\n`,
        body,
      )
      expect(made, host.name).toMatch(/^HTTP\/1\.1 200 /)
    }
  })
})

describe("Protect before the body", () => {
  const Site = t.union({
    Login: "GET /login?returnTo=<returnTo:string?>",
    Post: t.case("POST /admin/post/<id:int>", { text: FormData(t.string) }),
  })
  type Site = Infer<typeof Site>
  const requested: Site[] = []
  const pages = Sitelet.Protect<Site>(
    {
      VerifyUser: () => true,
      LoginRedirect: (endpoint, returnTo) => {
        requested.push(endpoint)
        return { $: "Login", returnTo }
      },
    },
    Sitelet.Infer(Site, { Login: () => Content.Text("login"), Post: () => Content.Text("posted") }),
  )

  it("redirects a POST form to the login page with its endpoint, its form unread", async () => {
    const { body, pulled } = countedBody("text=hi")
    const response = await pages.Handle(
      new Request("http://x/admin/post/3", {
        method: "POST",
        body,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        duplex: "half",
      } as RequestInit),
      { session: { secret: "a test secret that is long enough!" } },
    )
    expect(response?.status).toBe(307)
    expect(response?.headers.get("location")).toBe("/login?returnTo=%2Fadmin%2Fpost%2F3")
    expect(pulled()).toBe(0)
    // The endpoint its URL tells: the form field at its default.
    expect(requested).toEqual([{ $: "Post", id: 3, text: "" }])
  })

  it("leaves a method no case takes to the 405 that comes first", async () => {
    const Writes = t.union({ Create: t.case("POST /items", { item: Json(t.record({ title: t.string })) }) })
    const writes = Sitelet.Protect(
      { VerifyUser: () => true, Credentials: [Auth.Bearer()] },
      Sitelet.InferWithErrors(Writes, (_ctx, result) =>
        Content.SetStatus(Http.Status.MethodNotAllowed, Content.Text(`the handler saw ${result.$}`)),
      ),
    )
    const options = { session: { secret: "a test secret that is long enough!" } }
    const answered = await writes.Handle(new Request("http://x/items", { method: "DELETE" }), {
      ...options,
      methodNotAllowed: true,
    })
    expect(answered?.status).toBe(405)
    expect(answered?.headers.get("allow")).toBe("POST, OPTIONS")
    // The host's 405, not the protected handler's: it never saw a request it would not admit.
    expect(await answered?.text()).toBe("Method Not Allowed")
    // Without the host's 405, the request falls through as one no case takes.
    expect(await writes.Handle(new Request("http://x/items", { method: "DELETE" }), options)).toBeUndefined()
  })
})

describe("guards and rate limits before the body", () => {
  const Inner = t.union({
    Home: "GET /",
    Create: t.case("POST /items", { item: Json(t.record({ title: t.string })) }),
  })
  type Inner = Infer<typeof Inner>
  const inner = Sitelet.Infer(Inner, {
    Home: () => Content.Text("home"),
    Create: (_ctx, e) => Content.Text(e.item.title),
  })
  const post = (url: string, json: string, headers: Record<string, string> = {}) => {
    const { body, pulled } = countedBody(json)
    const request = new Request(`http://x${url}`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...headers },
      duplex: "half",
    } as RequestInit)
    return { request, pulled }
  }

  it("runs a check of the context alone before the body, and one of the endpoint after it", async () => {
    const seen: unknown[] = []
    const early = Sitelet.Guard<Inner>(
      (ctx) => (ctx.Request.headers.get("x-key") === "k" ? undefined : Content.Forbidden()),
      inner,
    )
    const refused = post("/items", '{"title":"a"}')
    expect((await early.Handle(refused.request))?.status).toBe(403)
    expect(refused.pulled()).toBe(0)
    const admitted = post("/items", '{"title":"a"}', { "x-key": "k" })
    expect(await (await early.Handle(admitted.request))?.text()).toBe("a")
    // The endpoint's body fields: the check waits for the body.
    const late = Sitelet.Guard<Inner>((_ctx, e) => {
      seen.push(e)
      return e.$ === "Create" && e.item.title === "secret" ? Content.Forbidden() : undefined
    }, inner)
    const secret = post("/items", '{"title":"secret"}')
    expect((await late.Handle(secret.request))?.status).toBe(403)
    expect(seen).toEqual([{ $: "Create", item: { title: "secret" } }])
    // Said outright: ReadsBody false gives the endpoint its URL tells, before the body.
    const told = Sitelet.Guard<Inner>(
      (_ctx, e) => {
        seen.push(e)
        return Content.Forbidden()
      },
      inner,
      { ReadsBody: false },
    )
    const unread = post("/items", '{"title":"x"}')
    expect((await told.Handle(unread.request))?.status).toBe(403)
    expect(unread.pulled()).toBe(0)
    expect(seen.at(-1)).toEqual({ $: "Create", item: { title: "" } })
  })

  it("gives a gate inside Embed a context that links its own part's endpoints", async () => {
    // The outer type's router links outer values only: the host's context would throw on an inner one (a 500).
    const Outer = t.union({ Inner: t.case("/in", { inner: Inner }) })
    const links: string[] = []
    const gated = Sitelet.Guard<Inner>((ctx) => {
      links.push(ctx.Link({ $: "Home" }))
      return Content.Forbidden()
    }, inner)
    const site = Sitelet.EmbedInUnion(Outer, "Inner", gated)
    const refused = post("/items", '{"title":"a"}')
    expect((await site.Handle(refused.request))?.status).toBe(403)
    expect(refused.pulled()).toBe(0)
    expect(links).toEqual(["/"])
  })

  it("takes a client's token before the body, and a user-keyed one after the credentials", async () => {
    const taken: string[] = []
    const store = {
      take: (key: string) => {
        taken.push(key)
        return { allowed: key !== "client:flood", remaining: 0, retryAfterSeconds: 2 }
      },
    }
    const site = Sitelet.RateLimit<Inner>(
      { Capacity: 1, RefillPerSecond: 1, Store: store, Key: (ctx) => `client:${ctx.Request.headers.get("x-client")}` },
      Sitelet.Protect(
        { VerifyUser: () => true, Credentials: [Auth.Bearer({ verify: (token) => token })] },
        Sitelet.RateLimit<Inner>(
          {
            Capacity: 1,
            RefillPerSecond: 1,
            Store: store,
            Key: async (ctx) => `user:${await ctx.UserSession.GetLoggedInUser()}`,
          },
          inner,
        ),
      ),
    )
    const flood = post("/items", '{"title":"a"}', { "x-client": "flood", authorization: "Bearer ann" })
    const limited = await site.Handle(flood.request)
    expect(limited?.status).toBe(429)
    expect(limited?.headers.get("retry-after")).toBe("2")
    expect(flood.pulled()).toBe(0)
    expect(taken).toEqual(["client:flood"])
    const fine = post("/items", '{"title":"a"}', { "x-client": "fine", authorization: "Bearer ann" })
    expect(await (await site.Handle(fine.request))?.text()).toBe("a")
    // Each bucket taken once, the user's with the user the bearer token admitted.
    expect(taken.slice(1)).toEqual(["client:fine", "user:ann"])
  })
})
