/**
 * A request read back as a tool call (mcp-arguments.ts), the inverse of
 * `toolRequest`: over every URL shape of the fixture union, the tool call a
 * typed request stands for is written back by the server into a request
 * its router reads as the same endpoint value — a tool call is the HTTP
 * request, both ways.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { fetchRequest } from "../../src/client/fetch-request.js"
import { OpenApi, Router } from "../../src/index.js"
import { toolArguments } from "../../src/mcp/mcp-arguments.js"
import { toolRequest } from "../../src/mcp/mcp-call.js"
import type { ServedTool } from "../../src/mcp/mcp-fetch.js"
import { requestMeta } from "../../src/mcp/mcp-meta.js"
import { type ToolPlan, toolPlans } from "../../src/mcp/mcp-tools.js"
import { arbitraryOf } from "../support/arbitrary.js"
import { Site } from "../fixtures/site.js"

const router = Router.Infer(Site)
const document = OpenApi.Document(router, { info: { title: "fixture", version: "1.0.0" } })
const ids = Object.values(document.paths as Record<string, Record<string, { operationId: string }>>).flatMap((item) =>
  Object.values(item).map((operation) => operation.operationId),
)
// Every operation, JSON or not: the shapes of the URLs are what is tested here.
const plans = new Map(toolPlans(document, { Include: ids }).map((plan) => [plan.name, plan]))
const served = (plan: ToolPlan): ServedTool => ({
  name: plan.name,
  request: requestMeta(plan),
  schemas: (plan.inputSchema.properties ?? {}) as Record<string, object>,
})
const tools = [...plans.values()].map(served)
const base = "http://localhost"

describe("a typed request as a tool call", () => {
  it("is written back by the server as a request its router reads as the same endpoint value (property)", async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryOf(Site, { url: true }), async (endpoint) => {
        let request: Request
        try {
          request = fetchRequest(router, endpoint, { base })
        } catch {
          return // A value no URL can carry (the link writer's LinkError): no request, no call.
        }
        const call = await toolArguments(tools, request.clone())
        expect(call, `${request.method} ${request.url}`).toBeDefined()
        const again = toolRequest(plans.get(call!.name)!, call!.arguments, base, [])
        if (typeof again === "string") throw new Error(again)
        expect(await router.Parse(again)).toEqual(endpoint)
      }),
      { numRuns: 1000 },
    )
  })

  it("reads each argument as its schema's JSON value when the text reads back exactly, else as the text", async () => {
    const article = await toolArguments(tools, new Request(`${base}/article/12/hello%20world`))
    expect(article?.arguments).toEqual({ id: 12, slug: "hello world" })
    // A path of several segments: joined by slashes; as an array where a segment has a slash of its own.
    expect((await toolArguments(tools, new Request(`${base}/files/docs/a%20b/readme.md`)))?.arguments).toEqual({
      path: "docs/a b/readme.md",
    })
    expect((await toolArguments(tools, new Request(`${base}/files/a%2Fb/c`)))?.arguments).toEqual({
      path: ["a/b", "c"],
    })
    const search = await toolArguments(tools, new Request(`${base}/search?q=1.50&page=2`))
    expect(search?.arguments).toEqual({ q: "1.50", page: 2 })
    const login = await toolArguments(
      tools,
      new Request(`${base}/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "user=ada&password=x&remember=true",
      }),
    )
    expect(login).toEqual({ name: "Login", arguments: { user: "ada", password: "x", remember: true } })
  })

  it("is no call of a tool that does not take it: an unknown query key or form field, another method, a body", async () => {
    expect(await toolArguments(tools, new Request(`${base}/search?q=a&other=1`))).toBeUndefined()
    expect(await toolArguments(tools, new Request(`${base}/article/1/a`, { method: "DELETE" }))).toBeUndefined()
    expect(
      await toolArguments(tools, new Request(`${base}/article/1/a`, { method: "POST", body: "x" })),
    ).toBeUndefined()
    const form = { "content-type": "application/x-www-form-urlencoded" }
    const extra = new Request(`${base}/login`, { method: "POST", headers: form, body: "user=a&password=b&admin=1" })
    expect(await toolArguments(tools, extra)).toBeUndefined()
    expect(await toolArguments(tools, new Request(`${base}/nowhere`))).toBeUndefined()
  })

  it("reads header and cookie parameters from the request's headers", async () => {
    const plan: ServedTool = {
      name: "Read",
      request: {
        method: "GET",
        path: "/read/{id}",
        parameters: [
          { name: "id", in: "path" },
          { name: "X-Limit", in: "header" },
          { name: "theme", in: "cookie" },
        ],
      },
      schemas: { id: { type: "integer" }, "X-Limit": { type: "integer" }, theme: { type: "string" } },
    }
    const request = new Request(`${base}/read/7`, { headers: { "x-limit": "3", cookie: "a=1; theme=dark%20blue" } })
    expect(await toolArguments([plan], request)).toEqual({
      name: "Read",
      arguments: { id: 7, "X-Limit": 3, theme: "dark blue" },
    })
  })
})
