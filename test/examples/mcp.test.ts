/**
 * Issue 54: the example serves its JSON API to agents at `/mcp`. The MCP
 * SDK's own client, over Streamable HTTP, against the example as `npm
 * start` runs it: the tools (its API, not its login), their schemas equal
 * to the served `/openapi.json` operation's, reads, and a write refused
 * without a bearer token and made with one — the same answers the HTTP API
 * gives; and, over the API's cases, a tool call and the HTTP request it
 * stands for give the same answer and the same refusals (a property).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest"
import { FetchError, Router } from "../../src/client/index.js"
import { fetchRequest } from "../../src/client/fetch-request.js"
import { Mcp } from "../../src/mcp/index.js"
import { api } from "../../examples/site/client/routes.js"
import { Api, ApiWrites, type Article } from "../../examples/site/endpoints.js"
import { arbitraryOf } from "../support/arbitrary.js"
import { type RunningExample, startExample } from "./running-example.js"

let example: RunningExample
let openapi: { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, unknown> } }

beforeAll(async () => {
  example = await startExample()
  openapi = (await (await fetch(`${example.base}/openapi.json`)).json()) as typeof openapi
}, 90_000)
afterAll(() => example?.stop())

async function connected(headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "example-test", version: "1.0.0" })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${example.base}/mcp`), { requestInit: { headers } }))
  return client
}

// The document's references as a tool schema writes them.
const relocated = (schema: unknown): unknown =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/'))

const textOf = (result: Record<string, unknown>) => (result.content as Array<{ text: string }>)[0]?.text ?? ""

describe("the example's /mcp", () => {
  it("lists the JSON API's operations, the login left out, with the document's schemas", async () => {
    const client = await connected()
    expect(client.getServerVersion()?.name).toBe("sitelets-example")
    expect(client.getInstructions()).toContain("articles")
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name).sort()).toEqual(["CreateArticle", "GetArticle", "ListArticles"])
    const get = tools.find((tool) => tool.name === "GetArticle")!
    const getArticle = openapi.paths["/api/articles/{id}"]!.get
    expect(get.inputSchema.properties).toEqual({ id: relocated(getArticle.parameters[0].schema) })
    expect(get.description).toContain(getArticle.summary)
    const create = tools.find((tool) => tool.name === "CreateArticle")!
    const createArticle = openapi.paths["/api/articles"]!.post
    expect(create.inputSchema.properties?.body).toEqual(
      relocated(createArticle.requestBody.content["application/json"].schema),
    )
    // Named schemas travel with the tool: its $defs are the document's components it refers to.
    const defs = (create.inputSchema as Record<string, unknown>).$defs as Record<string, unknown> | undefined
    for (const name of Object.keys(defs ?? {}))
      expect(defs?.[name]).toEqual(relocated(openapi.components.schemas[name]))
    await client.close()
  })

  it("reads as the HTTP API reads, and writes only with the bearer token the MCP client sends", async () => {
    const anonymous = await connected()
    const listed = await anonymous.callTool({ name: "ListArticles", arguments: { "X-Limit": 1 } })
    const http = await fetch(`${example.base}/api/articles`, { headers: { "x-limit": "1" } })
    expect(JSON.parse(textOf(listed))).toEqual(await http.json())
    const refused = await anonymous.callTool({
      name: "CreateArticle",
      arguments: { body: { title: "By an agent", body: "…" } },
    })
    expect(refused.isError).toBe(true)
    expect(textOf(refused)).toMatch(/^401 Unauthorized/)
    await anonymous.close()

    const login = await fetch(`${example.base}/api/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "user=ada&password=lovelace",
    })
    expect(login.status).toBe(200)
    const { token } = (await login.json()) as { token: string }
    const agent = await connected({ authorization: `Bearer ${token}` })
    const created = await agent.callTool({
      name: "CreateArticle",
      arguments: { body: { title: "By an agent", body: "Hello." } },
    })
    expect(created.isError).toBeFalsy()
    const article = created.structuredContent as { id: number; title: string }
    expect(article.title).toBe("By an agent")
    const read = await agent.callTool({ name: "GetArticle", arguments: { id: article.id } })
    expect(read.structuredContent).toEqual(await (await fetch(`${example.base}/api/articles/${article.id}`)).json())
    const missing = await agent.callTool({ name: "GetArticle", arguments: { id: 999_999 } })
    expect(textOf(missing)).toBe('404 Not Found: {"error":"no article 999999"}')
    // Arguments off their schemas are refused as their requests are, with the same status and sentence.
    const notAnId = await agent.callTool({ name: "GetArticle", arguments: { id: "x" } })
    const notAnIdHttp = await fetch(`${example.base}/api/articles/x`)
    expect([notAnId.isError, textOf(notAnId)]).toEqual([true, `404 Not Found: ${await notAnIdHttp.text()}`])
    const badBody = await agent.callTool({ name: "CreateArticle", arguments: { body: { title: 7, body: "…" } } })
    const badBodyHttp = await fetch(`${example.base}/api/articles`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ title: 7, body: "…" }),
    })
    expect(badBodyHttp.status).toBe(400)
    expect([badBody.isError, textOf(badBody)]).toEqual([true, `400 Bad Request: ${await badBodyHttp.text()}`])
    await agent.close()
  })

  it("answers a tool call as the HTTP request it stands for: the same status, type and body (property)", async () => {
    const login = await fetch(`${example.base}/api/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "user=ada&password=lovelace",
    })
    const { token } = (await login.json()) as { token: string }
    const anonymous = Mcp.Tools(await connected())
    const agent = Mcp.Tools(await connected({ authorization: `Bearer ${token}` }))
    const answer = async (response: Response) => ({
      status: response.status,
      type: response.headers.get("content-type"),
      body: await response.text(),
    })
    // Reads: equal answers, found or not; the token endpoint is no tool (the example leaves its login out).
    const known = fc.integer({ min: 1, max: 3 }).map((id) => ({ $: "GetArticle" as const, id }))
    const reads = fc.oneof(arbitraryOf(Api, { url: true }), known).filter((endpoint) => endpoint.$ !== "Token")
    await fc.assert(
      fc.asyncProperty(reads, async (endpoint) => {
        const http = await fetch(fetchRequest(api, endpoint, { base: example.base }))
        const tool = await anonymous.fetch(fetchRequest(api, endpoint, { base: anonymous.base }))
        expect(await answer(tool)).toEqual(await answer(http))
      }),
      { numRuns: 60 },
    )
    // Writes: refused alike without a token; with one, the same answer but for the new article's id and slug.
    const article = ({ id, slug, ...rest }: Record<string, unknown>) => rest
    await fc.assert(
      fc.asyncProperty(arbitraryOf(ApiWrites, { url: true }), async (endpoint) => {
        const refusedHttp = await fetch(fetchRequest(api, endpoint, { base: example.base }))
        const refusedTool = await anonymous.fetch(fetchRequest(api, endpoint, { base: anonymous.base }))
        expect(await answer(refusedTool)).toEqual(await answer(refusedHttp))
        const auth = { bearer: token }
        const http = await answer(await fetch(fetchRequest(api, endpoint, { base: example.base, auth })))
        const tool = await answer(await agent.fetch(fetchRequest(api, endpoint, { base: agent.base })))
        expect([tool.status, tool.type]).toEqual([http.status, http.type])
        if (http.status === 201) expect(article(JSON.parse(tool.body))).toEqual(article(JSON.parse(http.body)))
        else expect(tool.body).toBe(http.body)
      }),
      { numRuns: 25 },
    )
  })

  it("is called from TypeScript with Router.Fetch and Mcp.Tools, typed by the declaration", async () => {
    const tools = Mcp.Tools(await connected())
    const article = await Router.Fetch(api, { $: "GetArticle", id: 1 }, tools)
    expectTypeOf(article).toEqualTypeOf<Article>()
    expect(article).toEqual(await Router.Fetch(api, { $: "GetArticle", id: 1 }, { base: example.base }))
    expect(article.published).toBeInstanceOf(Date)
    const missing = await Router.Fetch(api, { $: "GetArticle", id: 0 }, tools).catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(FetchError)
    expect([(missing as FetchError).status, (missing as FetchError).value]).toEqual([404, { error: "no article 0" }])
  })
})
