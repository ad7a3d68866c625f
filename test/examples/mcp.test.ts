/**
 * Issue 54: the example serves its JSON API to agents at `/mcp`. The MCP
 * SDK's own client, over Streamable HTTP, against the example as `npm
 * start` runs it: the tools (its API, not its login), their schemas equal
 * to the served `/openapi.json` operation's, reads, and a write refused
 * without a bearer token and made with one — the same answers the HTTP API
 * gives.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
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
    await agent.close()
  })
})
