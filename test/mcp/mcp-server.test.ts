/**
 * Issue 54: the declaration served to agents as MCP tools. The SDK's own
 * `Client` over Streamable HTTP against a node:http server: the tools and
 * their schemas (the OpenAPI document's), calls with good and bad
 * arguments answered as the HTTP request they stand for, the same
 * credentials and refusals (a refused call never reaches its handler), and
 * hostile JSON-RPC answered with a JSON-RPC error and nothing else.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { OpenApi } from "../../src/index.js"
import { mcpMessages } from "../../src/mcp/index.js"
import { toolBase } from "../../src/mcp/mcp-call.js"
import { calls, served, site } from "./mcp-site.js"
import { type Listening, listening } from "./listening.js"

let running: Listening
let base: string

beforeAll(async () => {
  running = await listening()
  base = running.base
})

afterAll(() => running.close())

const connected = (headers: Record<string, string> = {}) => running.connect(headers)

async function token(): Promise<string> {
  const response = await fetch(`${base}/api/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "user=ada&password=secret",
  })
  return ((await response.json()) as { token: string }).token
}

/** The text of a tool result's first content block. */
const textOf = (result: Awaited<ReturnType<Client["callTool"]>>) =>
  (result.content as Array<{ type: string; text: string }>)[0]?.text

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body,
  })

describe("the tools", () => {
  it("are the API's operations that answer JSON, not its pages", async () => {
    const client = await connected()
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual(["CreateUser", "GetUser", "ListUsers", "Token"])
    expect(client.getServerVersion()).toMatchObject({ name: "users", version: "2.0.0" })
    await client.close()
  })

  it("take the OpenAPI operation's parameters and body as their arguments, with the same schemas", async () => {
    const client = await connected()
    const { tools } = await client.listTools()
    const document = OpenApi.Document(site, { info: { title: "users", version: "2.0.0" } }) as unknown as {
      paths: Record<string, Record<string, { parameters: Array<{ name: string; schema: unknown }>; requestBody?: any }>>
    }
    const get = tools.find((tool) => tool.name === "GetUser")!
    const getUser = document.paths["/api/users/{id}"]!.get!
    expect(get.inputSchema.properties).toEqual({ id: getUser.parameters[0]!.schema })
    expect(get.inputSchema.required).toEqual(["id"])
    expect(get.outputSchema).toMatchObject({ type: "object", required: ["id", "name"] })
    const list = tools.find((tool) => tool.name === "ListUsers")!
    const listUsers = document.paths["/api/users"]!.get!
    expect(list.inputSchema.properties).toEqual(
      Object.fromEntries(listUsers.parameters.map((parameter) => [parameter.name, parameter.schema])),
    )
    // A list is no object: no outputSchema, the JSON as text.
    expect(list.outputSchema).toBeUndefined()
    const create = tools.find((tool) => tool.name === "CreateUser")!
    const createUser = document.paths["/api/users"]!.post!
    expect(create.inputSchema.properties?.body).toEqual(createUser.requestBody.content["application/json"].schema)
    const login = tools.find((tool) => tool.name === "Token")!
    expect(Object.keys(login.inputSchema.properties ?? {}).sort()).toEqual(["password", "user"])
    expect(get.description).toContain("GET /api/users/{id}")
    await client.close()
  })
})

describe("a call", () => {
  it("is the HTTP request it stands for: the same answer, structured when the answer is an object", async () => {
    const client = await connected()
    const result = await client.callTool({ name: "GetUser", arguments: { id: 1 } })
    const http = await fetch(`${base}/api/users/1`)
    expect(result.structuredContent).toEqual(await http.json())
    expect(result.isError).toBeFalsy()
    const listed = await client.callTool({ name: "ListUsers", arguments: { limit: 1, "X-Tenant": "acme" } })
    expect(JSON.parse(textOf(listed)!)).toEqual([{ id: 1, name: "acme/Ada" }])
    await client.close()
  })

  it("is refused as the request is, with its status and the site's own sentence", async () => {
    const client = await connected()
    const missing = await client.callTool({ name: "GetUser", arguments: { id: 7 } })
    expect(missing.isError).toBe(true)
    expect(textOf(missing)).toBe('404 Not Found: {"error":"no user 7"}')
    // What no case parses: the request falls through, as the host's 404.
    const before = calls.GetUser
    const notInt = await client.callTool({ name: "GetUser", arguments: { id: "seven" } })
    expect(notInt.isError).toBe(true)
    expect(textOf(notInt)).toBe(mcpMessages.notServed("GetUser"))
    expect(calls.GetUser).toBe(before)
    const badLogin = await client.callTool({ name: "Token", arguments: { user: "ada", password: "no" } })
    expect(textOf(badLogin)).toBe('401 Unauthorized: {"error":"wrong password"}')
    await client.close()
  })

  it("carries the MCP request's credentials: without a token a write is a 401 its handler never sees", async () => {
    const anonymous = await connected()
    const before = calls.CreateUser
    const refused = await anonymous.callTool({ name: "CreateUser", arguments: { body: { name: "Cy" } } })
    expect(refused.isError).toBe(true)
    expect(textOf(refused)).toMatch(/^401 Unauthorized/)
    expect(calls.CreateUser).toBe(before)
    await anonymous.close()
    const admitted = await connected({ authorization: `Bearer ${await token()}` })
    const created = await admitted.callTool({ name: "CreateUser", arguments: { body: { name: "Cy" } } })
    expect(created.structuredContent).toEqual({ id: 3, name: "Cy" })
    expect(calls.CreateUser).toBe(before + 1)
    await admitted.close()
  })

  it("with a body the site refuses gets the site's 400 and its JSON path (415 without one)", async () => {
    const client = await connected({ authorization: `Bearer ${await token()}` })
    const bad = await client.callTool({ name: "CreateUser", arguments: { body: { name: 7 } } })
    expect(bad.isError).toBe(true)
    expect(textOf(bad)).toMatch(/^400 Bad Request: .*\$\.name: expected string, got 7/)
    // No body at all: the request carries no JSON, as an HTTP client sending none.
    const none = await client.callTool({ name: "CreateUser", arguments: {} })
    expect(textOf(none)).toMatch(/^415 Unsupported Media Type/)
    await client.close()
  })

  it("of an unknown tool is a JSON-RPC error", async () => {
    const client = await connected()
    await expect(client.callTool({ name: "DropTables", arguments: {} })).rejects.toThrow(
      mcpMessages.unknownTool("DropTables"),
    )
    await client.close()
  })
})

describe("choosing the tools", () => {
  it("keeps only what Include names (operations or tags) and drops what Exclude names", async () => {
    const alone = await listening(served({ Tools: { Include: ["GetUser", "ListUsers"], Exclude: ["ListUsers"] } }))
    const client = await alone.connect()
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["GetUser"])
    await client.close()
    await alone.close()
  })
})

describe("hostile requests", () => {
  it("answer malformed JSON, an unknown method and a flood of messages with a JSON-RPC error", async () => {
    const malformed = await post("{not json")
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 } })
    const flood = await post(
      JSON.stringify(Array.from({ length: 500 }, (_, id) => ({ jsonrpc: "2.0", id, method: "ping" }))),
    )
    expect(flood.status).toBe(400)
    expect(await flood.json()).toMatchObject({ error: { code: -32600, message: mcpMessages.tooManyMessages(500, 10) } })
    const unknown = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/destroy", params: {} }))
    expect(((await unknown.json()) as { error: { code: number } }).error.code).toBe(-32601)
    const notRpc = await post(JSON.stringify({ hello: "world" }))
    expect(notRpc.status).toBe(400)
    expect(((await notRpc.json()) as { error?: unknown }).error).toBeDefined()
  })

  it("cannot move a call to another path: no empty, '.' or '..' path argument, and a Host header is no base", async () => {
    const client = await connected()
    const before = { ...calls }
    for (const id of ["..", ".", "", "../token", "../../"]) {
      const moved = await client.callTool({ name: "GetUser", arguments: { id } })
      expect(moved.isError).toBe(true)
      if (!id.includes("/")) expect(textOf(moved)).toBe(mcpMessages.movingSegment("GetUser", "id"))
      // A slash is part of the one segment (%2F): no case parses it, and no other case is reached.
      else expect(textOf(moved)).toBe(mcpMessages.notServed("GetUser"))
    }
    expect(calls).toEqual(before)
    await client.close()
    expect(toolBase("http://example.com:8080", "/app")).toBe("http://example.com:8080/app")
    expect(toolBase("http://a/admin", "")).toBe("http://localhost")
    expect(toolBase("http://a?b", "")).toBe("http://localhost")
  })

  it("answer a body over the host's limit with 413, before any of it is parsed", async () => {
    const huge = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "GetUser", arguments: { id: 1, padding: "x".repeat(2 * 1024 * 1024) } },
    })
    const response = await post(huge)
    expect(response.status).toBe(413)
  })

  it("answer arguments that are no object, and other methods than POST", async () => {
    const client = await connected()
    const result = await client
      .request(
        { method: "tools/call", params: { name: "GetUser", arguments: [1] as never } },
        (await import("@modelcontextprotocol/sdk/types.js")).CallToolResultSchema,
      )
      .catch((error: Error) => error)
    expect(result instanceof Error ? result.message : textOf(result as never)).toMatch(/arguments|Invalid/)
    await client.close()
    const get = await fetch(`${base}/mcp`, { headers: { accept: "text/event-stream" } })
    expect(get.status).toBe(405)
    expect(get.headers.get("allow")).toBe("POST")
    expect(await get.text()).toBe(mcpMessages.onlyPost)
  })
})
