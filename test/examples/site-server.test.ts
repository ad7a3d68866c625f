import { describe, expect, it } from "vitest"
import { spawn } from "node:child_process"
import { request } from "node:http"
import { feedOrigins, site } from "../../examples/site/site.js"
import { Site } from "../../examples/site/endpoints.js"
import { Router } from "../../src/router/router.js"

const send = async (method: string, path: string, body?: string, type?: string, cookie?: string, bearer?: string) => {
  const headers: Record<string, string> = {}
  if (type !== undefined) headers["content-type"] = type
  if (cookie !== undefined) headers.cookie = cookie
  if (bearer !== undefined) headers.authorization = `Bearer ${bearer}`
  const response = await site.Handle(new Request(`http://localhost${path}`, { method, body, headers }))
  return (
    response && {
      status: response.status,
      location: response.headers.get("location"),
      type: response.headers.get("content-type"),
      setCookie: response.headers.get("set-cookie"),
      challenge: response.headers.get("www-authenticate"),
      body: await response.text(),
    }
  )
}

describe("example site through Handle", () => {
  it("serves the pages with typed links", async () => {
    const home = await send("GET", "/")
    expect(home?.status).toBe(200)
    expect(home?.type).toBe("text/html; charset=utf-8")
    for (const href of ["/blog", "/search", "/contact", "/admin", "/api/articles"])
      expect(home?.body).toContain(`href="${href}"`)
  })
  it("tries /blog, /blog/<id:int>, /blog/<slug> in declaration order", async () => {
    expect((await send("GET", "/blog"))?.body).toContain("<h1>Blog</h1>")
    expect(await send("GET", "/blog/2")).toMatchObject({ status: 301, location: "/blog/one-declaration" })
    expect((await send("GET", "/blog/typed-links"))?.body).toContain("<h1>Typed links</h1>")
    expect((await send("GET", "/blog/99"))?.status).toBe(404)
  })
  it("searches with query parameters and paginates with typed links", async () => {
    const page = await send("GET", "/search?q=o&page=2")
    expect(page?.body).toContain("3 result(s)")
    expect(page?.body).toContain('href="/search?q=o&amp;page=1"')
  })
  it("shares one password limit between the token endpoint and the login form", async () => {
    const form = "application/x-www-form-urlencoded"
    // Locked out on the API: the form checks no password for that user either.
    for (let i = 0; i < 5; i++) await send("POST", "/api/token", `user=mallory&password=guess${i}`, form)
    expect((await send("POST", "/api/token", "user=mallory&password=again", form))?.status).toBe(429)
    const refused = await site.Handle(
      new Request("http://localhost/account/login", {
        method: "POST",
        body: "user=mallory&password=another",
        headers: { "content-type": form },
      }),
    )
    expect(refused?.status).toBe(429)
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(await refused?.text()).toContain("Too many attempts for this user")
    // And the other way: five guesses on the form lock the token endpoint.
    const guesses = []
    for (let i = 0; i < 6; i++) guesses.push(await send("POST", "/account/login", `user=trent&password=g${i}`, form))
    expect(guesses.map((guess) => guess?.status)).toEqual([401, 401, 401, 401, 401, 429])
    expect((await send("POST", "/api/token", "user=trent&password=g", form))?.status).toBe(429)
  })
  it("refuses text PostgreSQL cannot hold with a 400 naming the field, never a 500 (text: storable)", async () => {
    const refused = [
      await send("GET", "/search?q=a%00b"),
      await send("GET", "/blog/a%00b"),
      await send("POST", "/contact", "name=a%00&email=a%40b.c&message=m", "application/x-www-form-urlencoded"),
      await send("POST", "/api/token", "user=a%00&password=p", "application/x-www-form-urlencoded"),
    ]
    expect(refused.map((answer) => [answer?.status, answer?.type])).toEqual(
      Array(4).fill([400, "application/problem+json"]),
    )
    expect(JSON.parse(refused[0]!.body).errors).toEqual([{ field: "q", detail: "holds a NUL character (U+0000)" }])
    expect(JSON.parse(refused[1]!.body).errors).toEqual([{ field: "slug", detail: "holds a NUL character (U+0000)" }])
    // A lone surrogate in a title: refused, not stored as U+FFFD and acknowledged with a 201.
    const issued = await send("POST", "/api/token", "user=ada&password=lovelace", "application/x-www-form-urlencoded")
    const { token } = JSON.parse(issued!.body) as { token: string }
    const lone = await send(
      "POST",
      "/api/articles",
      '{"title":"\\ud800","body":"b"}',
      "application/json",
      undefined,
      token,
    )
    expect([lone?.status, JSON.parse(lone!.body).errors]).toEqual([
      400,
      [{ field: "article.title", detail: "holds a lone surrogate" }],
    ])
  })

  it("serves the JSON API with InferWithErrors statuses", async () => {
    const list = await send("GET", "/api/articles")
    expect(list?.type).toBe("application/json")
    expect(JSON.parse(list!.body)[0]).toMatchObject({ id: 1, slug: "typed-links", published: "2026-11-01" })
    // A typed request header: X-Limit caps the list.
    const capped = await site.Handle(new Request("http://localhost/api/articles", { headers: { "x-limit": "1" } }))
    expect(await capped?.json()).toHaveLength(1)
    // Writes take a bearer token from the token endpoint (the demo user); without one, 401 and the challenge.
    const form = "application/x-www-form-urlencoded"
    expect((await send("POST", "/api/token", "user=ada&password=nope", form))?.status).toBe(401)
    // Password guessing is rate-limited per user name: five tries, then 429 with Retry-After.
    const guesses = []
    for (let i = 0; i < 6; i++) guesses.push(await send("POST", "/api/token", `user=eve&password=guess${i}`, form))
    expect(guesses.map((guess) => guess?.status)).toEqual([401, 401, 401, 401, 401, 429])
    const issued = await send("POST", "/api/token", "user=ada&password=lovelace", form)
    const { token, expiresIn } = JSON.parse(issued!.body) as { token: string; expiresIn: number }
    expect(expiresIn).toBe(3600)
    const article = JSON.stringify({ title: "Fresh <news>", body: "b" })
    const anonymous = await send("POST", "/api/articles", article, "application/json")
    expect([anonymous?.status, anonymous?.challenge]).toEqual([401, 'Bearer realm="api"'])
    const forged = await send("POST", "/api/articles", article, "application/json", undefined, `${token}x`)
    expect(forged?.challenge).toContain('error="invalid_token"')
    const created = await send("POST", "/api/articles", article, "application/json", undefined, token)
    expect(created?.status).toBe(201)
    const { id } = JSON.parse(created!.body) as { id: number }
    expect(created?.location).toBe(`/api/articles/${id}`)
    expect(JSON.parse((await send("GET", `/api/articles/${id}`))!.body).title).toBe("Fresh <news>")
    expect((await send("POST", "/api/articles", "{", "application/json", undefined, token))?.status).toBe(400)
    // The codec's reason reaches the API client, with its JSON path.
    const wrong = await send("POST", "/api/articles", '{"title":7,"body":"b"}', "application/json", undefined, token)
    expect(JSON.parse(wrong!.body)).toEqual({
      error: "the body must be { title: string, body: string }: $.title: expected string, got 7",
    })
    expect((await send("DELETE", "/api/articles", undefined, undefined, undefined, token))?.status).toBe(405)
    // The order of refusals: 405 before the credentials (the API's JSON 405), 401 before the body's 400.
    const anyone = await send("DELETE", "/api/articles")
    expect([anyone?.status, JSON.parse(anyone!.body)]).toEqual([405, { error: "method DELETE not allowed" }])
    const badBody = await send("POST", "/api/articles", '{"title":7}', "application/json")
    expect([badBody?.status, badBody?.challenge]).toEqual([401, 'Bearer realm="api"'])
    expect((await send("GET", "/api/articles/12345"))?.status).toBe(404)
  })
  it("handles the contact form and shows messages, escaped, in the embedded admin area", async () => {
    const form = "application/x-www-form-urlencoded"
    const bad = await send("POST", "/contact", "name=&email=x&message=hi", form)
    expect(bad?.status).toBe(400)
    const sent = await send(
      "POST",
      "/contact",
      "name=Ada&email=ada%40example.com&message=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      form,
    )
    expect(sent).toMatchObject({ status: 303, location: "/contact/thanks?name=Ada" })
    expect((await send("GET", sent!.location!))?.body).toContain("Thanks, Ada!")
    // The admin area is protected: anonymous visitors go to the login form, which brings them back.
    expect(await send("GET", "/admin/messages")).toMatchObject({
      status: 307,
      location: "/account/login?returnTo=%2Fadmin%2Fmessages",
    })
    const login = await send("POST", "/account/login?returnTo=%2Fadmin%2Fmessages", "user=ada&password=lovelace", form)
    expect(login).toMatchObject({ status: 303, location: "/admin/messages" })
    const cookie = login!.setCookie!.split(";")[0]!
    const messages = await send("GET", "/admin/messages", undefined, undefined, cookie)
    expect(messages?.status).toBe(200)
    expect(messages?.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;")
    expect(messages?.body).toContain('href="/admin"')
  })
  it("answers JSON for every URL under /api, a wrong method still 405", async () => {
    for (const path of ["/api/articles/abc", "/api", "/api/nothing/here"]) {
      const answer = await send("GET", path)
      expect({ path, status: answer?.status, type: answer?.type }).toEqual({
        path,
        status: 404,
        type: "application/json",
      })
      expect(JSON.parse(answer!.body)).toEqual({ error: `no API endpoint ${path === "/api" ? "/api/" : path}` })
    }
    expect((await send("DELETE", "/api/articles/1"))?.status).toBe(405)
  })
  it("serves a feed other origins may read from the browser (CorsContent)", async () => {
    const origin = feedOrigins[0]!
    const preflight = await site.Handle(
      new Request("http://localhost/feed.json", {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "GET" },
      }),
    )
    expect(preflight?.status).toBe(204)
    expect(preflight?.headers.get("access-control-allow-origin")).toBe(origin)
    const feed = await site.Handle(new Request("http://localhost/feed.json", { headers: { origin } }))
    expect(feed?.headers.get("access-control-allow-origin")).toBe(origin)
    expect(feed?.headers.get("vary")).toContain("Origin")
    expect((await feed!.json())[0]).toEqual({ title: "Typed links", url: "/blog/typed-links" })
    const other = await site.Handle(
      new Request("http://localhost/feed.json", { headers: { origin: "https://evil.example" } }),
    )
    expect(other?.headers.get("access-control-allow-origin")).toBeNull()
  })
  it("gives every page the site's layout (the login and admin pages too)", async () => {
    const nav = '<a href="/blog">Blog</a>'
    expect((await send("GET", "/account/login"))?.body).toContain(nav)
    const login = await send(
      "POST",
      "/account/login",
      "user=ada&password=lovelace",
      "application/x-www-form-urlencoded",
    )
    const cookie = login!.setCookie!.split(";")[0]!
    expect((await send("GET", "/admin", undefined, undefined, cookie))?.body).toContain(nav)
    expect((await send("GET", "/account", undefined, undefined, cookie))?.body).toContain(nav)
  })
  it("links every endpoint the way the full Site router does", () => {
    const full = Router.Infer(Site)
    const samples = [
      { $: "Home" },
      { $: "ArticleById", id: 3 },
      { $: "Search", q: "a b", page: 2 },
      { $: "Admin", page: { $: "Messages" } },
      { $: "Api", call: { $: "GetArticle", id: 1 } },
    ] as const
    for (const sample of samples) expect(site.Router.Link(sample)).toBe(full.Link(sample))
  })
})

describe("npm start", () => {
  it("starts on the PORT given and answers", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "examples/site/main.ts"], {
      env: { ...process.env, PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    })
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let output = ""
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString()
          const match = /http:\/\/localhost:(\d+)/.exec(output)
          if (match) resolve(Number(match[1]))
        })
        child.on("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)))
      })
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        request({ host: "127.0.0.1", port, path: "/blog" }, (res) => {
          let body = ""
          res.on("data", (chunk: Buffer) => (body += chunk.toString()))
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }))
        })
          .on("error", reject)
          .end()
      })
      expect(answer.status).toBe(200)
      expect(answer.body).toContain("<h1>Blog</h1>")
      // Bound to 127.0.0.1 by default (HOST changes it), with the cross-site check on.
      const { networkInterfaces } = await import("node:os")
      const { connect } = await import("node:net")
      const external = Object.values(networkInterfaces())
        .flat()
        .find((address) => address !== undefined && address.family === "IPv4" && !address.internal)
      if (external !== undefined) {
        const reached = await new Promise<boolean>((resolve) => {
          const socket = connect(port, external.address)
          socket.on("connect", () => (socket.destroy(), resolve(true)))
          socket.on("error", () => resolve(false))
        })
        expect(reached, `the example must not answer on ${external.address}`).toBe(false)
      }
      const post = (origin: string) =>
        new Promise<number>((resolve, reject) => {
          const body = "name=Ann&email=ann%40example.com&message=hi"
          request(
            {
              host: "127.0.0.1",
              port,
              path: "/contact",
              method: "POST",
              headers: { origin, "content-type": "application/x-www-form-urlencoded", "content-length": body.length },
            },
            (res) => {
              res.resume()
              resolve(res.statusCode ?? 0)
            },
          )
            .on("error", reject)
            .end(body)
        })
      expect(await post("https://evil.example")).toBe(403)
      expect(await post(`http://127.0.0.1:${port}`)).toBe(303)
    } finally {
      child.kill("SIGTERM")
    }
  })
})

describe("example site: the HTTP behaviour it turns on (README, HTTP behaviour)", () => {
  it("answers 405/Allow, OPTIONS, gzip with Vary, ETag and 304, and still 404s unknown paths; logs each request", async () => {
    const { createServer } = await import("node:http")
    const { gunzipSync } = await import("node:zlib")
    const { NodeHandler } = await import("../../src/host/node/index.js")
    const { exampleHostOptions } = await import("../../examples/site/host-options.js")
    const lines: string[] = []
    const server = createServer(
      NodeHandler(
        site,
        exampleHostOptions((line) => lines.push(line)),
      ),
    )
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
    const { port } = server.address() as import("node:net").AddressInfo
    const call = (method: string, path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: import("node:http").IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
            const chunks: Buffer[] = []
            res.on("data", (chunk: Buffer) => chunks.push(chunk))
            res.on("end", () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
            )
          })
            .on("error", reject)
            .end()
        },
      )
    try {
      const deleted = await call("DELETE", "/blog", { origin: `http://127.0.0.1:${port}` })
      expect([deleted.status, deleted.headers.allow]).toEqual([405, "GET, HEAD, OPTIONS"])
      const options = await call("OPTIONS", "/blog")
      expect([options.status, options.headers.allow, options.body.byteLength]).toEqual([204, "GET, HEAD, OPTIONS", 0])
      const plain = await call("GET", "/api/articles")
      expect(plain.body.byteLength).toBeGreaterThan(512)
      const gzipped = await call("GET", "/api/articles", { "accept-encoding": "gzip" })
      expect(gzipped.headers["content-encoding"]).toBe("gzip")
      expect(gzipped.headers.vary).toBe("Accept-Encoding")
      expect(gunzipSync(gzipped.body).toString()).toBe(plain.body.toString())
      const etag = gzipped.headers.etag as string
      expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/)
      const again = await call("GET", "/api/articles", { "accept-encoding": "gzip", "if-none-match": etag })
      expect([again.status, again.body.byteLength, again.headers.etag]).toEqual([304, 0, etag])
      expect(plain.headers.etag).toBe(etag.slice(2))
      expect((await call("GET", "/api/articles", { "if-none-match": plain.headers.etag as string })).status).toBe(304)
      expect((await call("GET", "/no/such/page")).status).toBe(404)
      // The stylesheet: a Sitelet.Files file, linked from every page with a typed link, revalidated with its ETag.
      const home = await call("GET", "/")
      expect(home.body.toString()).toContain('<link rel="stylesheet" href="/static/site.css">')
      const css = await call("GET", "/static/site.css")
      expect([css.status, css.headers["content-type"]]).toEqual([200, "text/css; charset=utf-8"])
      const cssTag = css.headers.etag as string
      expect((await call("GET", "/static/site.css", { "if-none-match": cssTag })).status).toBe(304)
      for (const hostile of ["/static/..%2fsite.ts", "/static/%2e%2e/main.ts", "/static/.env"])
        expect((await call("GET", hostile)).status, hostile).toBeOneOf([400, 404])
      expect(lines.some((line) => / GET \/api\/articles Api\.ListArticles 200 \d+B /.test(line))).toBe(true)
      expect(lines.some((line) => / DELETE \/blog - 405 /.test(line))).toBe(true)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
