/**
 * Issue 50, item 5: the example's documents as the tools teams bring read
 * them, against the example running as `npm start` runs it. The served
 * `/openapi.json` lints clean under Redocly's recommended rules and
 * Spectral's `oas` ruleset (their own CLIs; the one rule turned off is in
 * test/openapi/redocly.yaml and docs/responses.md); openapi-typescript
 * generates its types, a client written with openapi-fetch against them
 * type-checks, and calls every operation of the document (getting a token,
 * creating the article it then reads), each answer checked against the
 * document — its status listed, its media type listed, its JSON valid
 * under the operation's schema by Ajv's JSON Schema 2020-12 validator. The
 * `/asyncapi.json` document is parsed by the AsyncAPI parser, and a
 * socket session's messages are validated against its schemas.
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { Parser } from "@asyncapi/parser"
import Ajv2020 from "ajv/dist/2020.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { repoRoot } from "../support/built-package.js"
import { type RunningExample, startExample } from "./running-example.js"

const folder = join(repoRoot, "test/artifacts/generated-client")
const bin = (name: string) => join(repoRoot, "node_modules/.bin", name)
let example: RunningExample
let base = ""
let openapi: Record<string, any>
let asyncapi: Record<string, any>

beforeAll(async () => {
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  // As `npm start` runs it, with nothing shared: PGlite in memory, limits and rooms in this process.
  example = await startExample()
  base = example.base
  openapi = (await (await fetch(`${base}/openapi.json`)).json()) as Record<string, any>
  asyncapi = (await (await fetch(`${base}/asyncapi.json`)).json()) as Record<string, any>
  writeFileSync(join(folder, "openapi.json"), JSON.stringify(openapi, null, 2))
}, 90_000)
afterAll(() => {
  example?.stop()
})

const lintEnv = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" }
const run = (command: string, args: string[]) => {
  try {
    return {
      code: 0,
      out: execFileSync(command, args, { cwd: repoRoot, env: lintEnv, encoding: "utf8", stdio: "pipe" }),
    }
  } catch (error) {
    const failed = error as { status?: number; stdout?: string; stderr?: string }
    return { code: failed.status ?? 1, out: `${failed.stdout ?? ""}${failed.stderr ?? ""}` }
  }
}

describe("the example's /openapi.json under the linters", () => {
  it("is clean under Redocly's recommended rules (redocly lint)", () => {
    const result = run(bin("redocly"), [
      "lint",
      join(folder, "openapi.json"),
      "--config",
      "test/openapi/redocly.yaml",
      "--format=json",
    ])
    const report = JSON.parse(result.out.slice(result.out.indexOf("{"), result.out.lastIndexOf("}") + 1)) as {
      totals: { errors: number; warnings: number }
      problems: Array<{ ruleId: string; message: string }>
    }
    expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([])
    expect([result.code, report.totals]).toEqual([0, { errors: 0, warnings: 0, ignored: 0 }])
  }, 60_000)

  it("is clean under Spectral's oas ruleset, every severity (spectral lint)", () => {
    const result = run(bin("spectral"), [
      "lint",
      join(folder, "openapi.json"),
      "--ruleset",
      "test/openapi/spectral.yaml",
      "--format=json",
      "--fail-severity=hint",
    ])
    const problems = JSON.parse(result.out.slice(result.out.indexOf("["), result.out.lastIndexOf("]") + 1)) as Array<{
      code: string
      message: string
    }>
    expect(problems.map((problem) => `${problem.code}: ${problem.message}`)).toEqual([])
    expect(result.code).toBe(0)
  }, 60_000)

  it("names its operations as generators want them, and its servers as where it was fetched", () => {
    expect(openapi.servers).toEqual([{ url: base, description: "This server" }])
    const ids = Object.values(openapi.paths as Record<string, Record<string, { operationId: string }>>).flatMap(
      (item) => Object.values(item).map((operation) => operation.operationId),
    )
    for (const id of ids) expect(id).not.toMatch(/_\d+$|^(get|post|options)$/)
    expect(Object.keys(openapi.components.schemas)).toEqual(
      expect.arrayContaining(["Article", "NewArticle", "ApiError"]),
    )
  })
})

// The client a team writes against the generated types: each call typed by them, every operation of the document.
const client = `import createClient from "openapi-fetch"
import type { paths } from "./api.js"

export interface Call {
  readonly method: string
  readonly path: string
  readonly response: Response
  readonly text: string
}

const form = (fields?: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(fields ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString()
const formHeaders = { "content-type": "application/x-www-form-urlencoded" }

export async function callEveryOperation(baseUrl: string): Promise<Call[]> {
  // Each answer's body as it came, before openapi-fetch reads it.
  const texts = new WeakMap<Response, string>()
  const recording = async (input: Request) => {
    const response = await fetch(input)
    texts.set(response, await response.clone().text())
    return response
  }
  // Redirects are answers of their own here (303 after a login, 307 to it): not followed.
  const client = createClient<paths>({ baseUrl, redirect: "manual", fetch: recording })
  const calls: Call[] = []
  const record = async <Result extends { response: Response }>(method: string, path: string, made: Promise<Result>) => {
    const result = await made
    calls.push({ method, path, response: result.response, text: texts.get(result.response) ?? "" })
    return result
  }
  const asText = { parseAs: "text" } as const

  const token = await record("post", "/api/token", client.POST("/api/token", {
    body: { user: "ada", password: "lovelace" },
    bodySerializer: form,
    headers: formHeaders,
  }))
  const bearer = token.data?.token
  if (bearer === undefined) throw new Error("no token: " + token.response.status)
  const created = await record("post", "/api/articles", client.POST("/api/articles", {
    body: { title: "Generated clients", body: "Called from openapi-fetch." },
    headers: { authorization: "Bearer " + bearer },
  }))
  const article = created.data
  if (article === undefined) throw new Error("no article: " + created.response.status)
  // What the write created, read back through every reader of it.
  const read: number = article.id
  await record("get", "/api/articles/{id}", client.GET("/api/articles/{id}", { params: { path: { id: read } } }))
  await record("get", "/api/articles", client.GET("/api/articles", { params: { header: { "X-Limit": 10 } } }))
  await record("get", "/blog/{id}", client.GET("/blog/{id}", { params: { path: { id: read } }, ...asText }))
  await record("get", "/search", client.GET("/search", { params: { query: { q: "Generated", page: 1 } }, ...asText }))
  await record("get", "/feed.json", client.GET("/feed.json", {}))

  await record("get", "/", client.GET("/", asText))
  await record("get", "/blog", client.GET("/blog", asText))
  await record("get", "/contact", client.GET("/contact", asText))
  await record("post", "/contact", client.POST("/contact", {
    body: { name: "Ann", email: "ann@example.org", message: "From a generated client" },
    bodySerializer: form,
    headers: formHeaders,
    ...asText,
  }))
  await record("get", "/contact/thanks", client.GET("/contact/thanks", { params: { query: { name: "Ann" } }, ...asText }))
  await record("get", "/admin", client.GET("/admin", asText))
  await record("get", "/admin/messages", client.GET("/admin/messages", asText))
  await record("get", "/account", client.GET("/account", asText))
  await record("get", "/account/login", client.GET("/account/login", { params: { query: { returnTo: "/admin" } }, ...asText }))
  await record("post", "/account/login", client.POST("/account/login", {
    params: { query: { returnTo: "/admin" } },
    body: { user: "ada", password: "lovelace" },
    bodySerializer: form,
    headers: formHeaders,
    ...asText,
  }))
  await record("post", "/account/logout", client.POST("/account/logout", asText))
  await record("get", "/api", client.GET("/api", {}))
  await record("get", "/api/{path}", client.GET("/api/{path}", { params: { path: { path: "nowhere" } } }))
  await record("get", "/static", client.GET("/static", asText))
  await record("get", "/static/{path}", client.GET("/static/{path}", { params: { path: { path: "site.css" } }, ...asText }))

  // The host's OPTIONS answer on every path that has one.
  await record("options", "/", client.OPTIONS("/", {}))
  await record("options", "/blog", client.OPTIONS("/blog", {}))
  await record("options", "/blog/{id}", client.OPTIONS("/blog/{id}", { params: { path: { id: read } } }))
  await record("options", "/search", client.OPTIONS("/search", {}))
  await record("options", "/contact", client.OPTIONS("/contact", {}))
  await record("options", "/contact/thanks", client.OPTIONS("/contact/thanks", {}))
  await record("options", "/admin", client.OPTIONS("/admin", {}))
  await record("options", "/admin/messages", client.OPTIONS("/admin/messages", {}))
  await record("options", "/api/articles", client.OPTIONS("/api/articles", {}))
  await record("options", "/api/articles/{id}", client.OPTIONS("/api/articles/{id}", { params: { path: { id: read } } }))
  await record("options", "/api/token", client.OPTIONS("/api/token", {}))
  await record("options", "/account/login", client.OPTIONS("/account/login", {}))
  await record("options", "/account/logout", client.OPTIONS("/account/logout", {}))
  await record("options", "/feed.json", client.OPTIONS("/feed.json", {}))
  await record("options", "/static", client.OPTIONS("/static", {}))
  await record("options", "/static/{path}", client.OPTIONS("/static/{path}", { params: { path: { path: "site.css" } } }))
  return calls
}

// What the generated types refuse: a wrong parameter type, a wrong body, an OPTIONS typed as returning a token.
export function refused(client: ReturnType<typeof createClient<paths>>) {
  // @ts-expect-error: the article id is an integer
  void client.GET("/api/articles/{id}", { params: { path: { id: "three" } } })
  // @ts-expect-error: an article needs its body
  void client.POST("/api/articles", { body: { title: "no body" } })
  void client.OPTIONS("/api/token", {}).then((answer) => {
    // @ts-expect-error: the OPTIONS answer is no token (204, no content)
    const token: string = answer.data.token
    void token
  })
}
`

type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }

describe("a client generated from the served document (openapi-typescript + openapi-fetch)", () => {
  it("type-checks, calls every operation, and gets only answers the document lists, valid under its schemas", async () => {
    const generated = run(bin("openapi-typescript"), [join(folder, "openapi.json"), "-o", join(folder, "api.ts")])
    expect(generated.code, generated.out).toBe(0)
    writeFileSync(join(folder, "client.ts"), client)
    writeFileSync(
      join(folder, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2023",
          lib: ["ES2023", "DOM", "DOM.Iterable"],
          skipLibCheck: true,
          types: [],
        },
        files: ["client.ts"],
      }),
    )
    const checked = run(bin("tsc"), ["-p", folder])
    expect(checked.out).toBe("")
    expect(checked.code).toBe(0)

    const { callEveryOperation } = (await import(pathToFileURL(join(folder, "client.ts")).href)) as {
      callEveryOperation: (
        base: string,
      ) => Promise<Array<{ method: string; path: string; response: Response; text: string }>>
    }
    const calls = await callEveryOperation(base)
    const documented = Object.entries(openapi.paths as Record<string, Record<string, Operation>>).flatMap(
      ([path, item]) => Object.keys(item).map((method) => `${method} ${path}`),
    )
    // Every operation of the document, once.
    expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([...documented].sort())

    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })
    ajv.addSchema({ $id: "https://sitelets.test/openapi.json", ...openapi } as never)
    const pointer = (...parts: string[]) =>
      parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")
    for (const { method, path, response, text } of calls) {
      const where = `${method.toUpperCase()} ${path} → ${response.status}`
      const operation = openapi.paths[path][method] as Operation
      const code = String(response.status)
      const answer = operation.responses[code] ?? operation.responses.default
      expect(answer, `${where} is not in the document`).toBeDefined()
      const type = response.headers.get("content-type")?.split(";")[0]?.trim()
      if (type === undefined || text === "") continue
      const media = answer!.content ?? {}
      const listed = media[type] ?? media["*/*"]
      expect(listed, `${where}: ${type} is not among ${Object.keys(media).join(", ")}`).toBeDefined()
      if (type === "application/json" || type.endsWith("+json")) {
        const key = media[type] === undefined ? "*/*" : type
        const ref = `https://sitelets.test/openapi.json#/${pointer("paths", path, method, "responses", operation.responses[code] ? code : "default", "content", key, "schema")}`
        const validate = ajv.getSchema(ref)
        expect(validate, ref).toBeDefined()
        const valid = validate!(JSON.parse(text))
        expect(valid, `${where}: ${ajv.errorsText(validate!.errors)}\n${text}`).toBe(true)
      }
    }
    // The calls a client relies on answered as a client needs: a token, an article made and read back, no 403.
    const status = (method: string, path: string) =>
      calls.find((call) => call.method === method && call.path === path)?.response.status
    expect(status("post", "/api/token")).toBe(200)
    expect(status("post", "/api/articles")).toBe(201)
    expect(status("get", "/api/articles/{id}")).toBe(200)
    expect(status("options", "/api/token")).toBe(204)
    expect(calls.every((call) => call.response.status !== 403)).toBe(true)
  }, 120_000)
})

describe("answers the example gives as RFC 9110 and its document have them", () => {
  it("405s with Allow (the API's JSON ones too), the feed GET-only, a request without a user never a 429", async () => {
    // The API's own JSON 405 (its InferWithErrors handler's), with the Allow the host adds. (On a path its writes
    // share, the bearer token is asked for first: the order of refusals is issue 51's.)
    const deleted = await fetch(`${base}/api/token`, { method: "DELETE" })
    expect([deleted.status, deleted.headers.get("allow"), deleted.headers.get("content-type")]).toEqual([
      405,
      "POST, OPTIONS",
      "application/json",
    ])
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const feed = await fetch(`${base}/feed.json`, { method, body: method === "DELETE" ? undefined : "x" })
      expect([method, feed.status, feed.headers.get("allow")]).toEqual([method, 405, "GET, HEAD, OPTIONS"])
    }
    const noUser = () =>
      fetch(`${base}/api/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "password=x",
      }).then((answer) => answer.status)
    const statuses = []
    for (let i = 0; i < 7; i++) statuses.push(await noUser())
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400])
  })
})

describe("the example's /asyncapi.json", () => {
  it("parses clean with the AsyncAPI parser, and a socket session's messages are valid under its schemas", async () => {
    const { diagnostics } = await new Parser().parse(JSON.stringify(asyncapi))
    expect(diagnostics.filter((diagnostic) => diagnostic.severity === 0)).toEqual([])
    expect(asyncapi.servers).toEqual({ here: { host: new URL(base).host, protocol: "ws", description: "This server" } })
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })
    ajv.addSchema({ $id: "https://sitelets.test/asyncapi.json", ...asyncapi } as never)
    const payload = (name: string) =>
      ajv.getSchema(`https://sitelets.test/asyncapi.json#/components/messages/${name}/payload`)!
    const said = { $: "Say", name: "Ann", text: "hello from the document" }
    expect(payload("Socket.FromClient")(said)).toBe(true)
    const socket = new WebSocket(
      `ws://${new URL(base).host}${asyncapi.channels.Socket.address.replace("{room}", "docs")}`,
      {
        headers: { origin: base },
      },
    )
    const heard: unknown[] = []
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no Message heard: ${JSON.stringify(heard)}`)), 10_000)
      socket.on("open", () => socket.send(JSON.stringify(said)))
      socket.on("message", (data) => {
        const message = JSON.parse(String(data)) as { $: string }
        heard.push(message)
        if (message.$ === "Message") {
          clearTimeout(timer)
          resolve()
        }
      })
      socket.on("error", reject)
    })
    socket.close()
    const validate = payload("Socket.FromServer")
    for (const message of heard)
      expect(validate(message), `${JSON.stringify(message)}: ${ajv.errorsText(validate.errors)}`).toBe(true)
    expect(heard.map((message) => (message as { $: string }).$)).toEqual(["Joined", "Message"])
  }, 60_000)
})
