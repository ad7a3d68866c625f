/**
 * `Mcp.Tools(client)`: the tools called from TypeScript through
 * `Router.Fetch`, typed by the declaration. Each endpoint value is sent as
 * the call of the tool whose request it is, with the SDK's own client, and
 * the result read back as the site's `Response`: decoded by the case's
 * declared answers, refused with a `FetchError` as over HTTP.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest"
import { FetchError, Router } from "../../src/client/index.js"
import { Mcp, mcpMessages } from "../../src/mcp/index.js"
import { Api, calls, Pages, served, Writes } from "./mcp-site.js"
import { type Listening, listening } from "./listening.js"

let running: Listening
let base: string

beforeAll(async () => {
  running = await listening()
  base = running.base
})

afterAll(() => running.close())

const connected = (headers: Record<string, string> = {}) => running.connect(headers)

const api = Router.Sum(Router.Infer(Api), Router.Infer(Writes))

describe("Router.Fetch through Mcp.Tools", () => {
  it("sends an endpoint value as its tool's call and decodes the answer by the case's declaration", async () => {
    const tools = Mcp.Tools(await connected())
    const before = calls.GetUser
    const user = await Router.Fetch(api, { $: "GetUser", id: 1 }, tools)
    expectTypeOf(user).toEqualTypeOf<{ id: number; name: string }>()
    expect(user).toEqual({ id: 1, name: "Ada" })
    expect(calls.GetUser).toBe(before + 1)
    // A query field and a header field: the arguments are read from where the request puts them.
    expect(await Router.Fetch(api, { $: "ListUsers", limit: 1, tenant: "acme" }, tools)).toEqual([
      { id: 1, name: "acme/Ada" },
    ])
    expect(await Router.Fetch(api, { $: "ListUsers", limit: undefined, tenant: undefined }, tools)).toHaveLength(2)
  })

  it("throws the FetchError the HTTP answer gives: the status and the declared error value", async () => {
    const tools = Mcp.Tools(await connected())
    const missing = await Router.Fetch(api, { $: "GetUser", id: 9 }, tools).catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(FetchError)
    expect([(missing as FetchError).status, (missing as FetchError).value]).toEqual([404, { error: "no user 9" }])
    const http = await Router.Fetch(api, { $: "GetUser", id: 9 }, { base }).catch((error: unknown) => error)
    expect([(http as FetchError).status, (http as FetchError).value]).toEqual([404, { error: "no user 9" }])
  })

  it("carries the connection's credentials: a write refused without a token, made with the one the form tool issues", async () => {
    const anonymous = Mcp.Tools(await connected())
    const before = calls.CreateUser
    const refused = await Router.Fetch(api, { $: "CreateUser", user: { name: "Cy" } }, anonymous).catch(
      (error: unknown) => error,
    )
    expect((refused as FetchError).status).toBe(401)
    expect((refused as FetchError).response.headers.get("www-authenticate")).toMatch(/^Bearer/)
    expect(calls.CreateUser).toBe(before)
    // A form body: its fields are the arguments.
    const { token } = await Router.Fetch(api, { $: "Token", user: "ada", password: "secret" }, anonymous)
    const agent = Mcp.Tools(await connected({ authorization: `Bearer ${token}` }))
    expect(await Router.Fetch(api, { $: "CreateUser", user: { name: "Cy" } }, agent)).toEqual({ id: 3, name: "Cy" })
    expect(calls.CreateUser).toBe(before + 1)
  })

  it("refuses a request no tool makes (a page, a tool the server leaves out), naming it", async () => {
    const tools = Mcp.Tools(await connected())
    await expect(Router.Fetch(Router.Infer(Pages), { $: "Home" }, tools)).rejects.toThrow(
      mcpMessages.noTool("GET", "/"),
    )
    const few = await listening(served({ Tools: { Exclude: ["GetUser"] } }))
    const client = await few.connect()
    await expect(Router.Fetch(api, { $: "GetUser", id: 1 }, Mcp.Tools(client))).rejects.toThrow(
      mcpMessages.noTool("GET", "/api/users/1"),
    )
    await client.close()
    await few.close()
  })
})
