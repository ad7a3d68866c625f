import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { expectTypeOf } from "expect-type"
import { Content, Responds, Returns, Sitelet, t } from "sitelets"
import { Router } from "sitelets/client"
import { Mcp, type McpEndpoint } from "sitelets/mcp"

const User = t.record({ id: t.int, name: t.string })
const Api = t.union({
  GetUser: t.case("GET /users/<id:int>", {}, Responds({ 200: User, 404: t.record({ error: t.string }) })),
  ListUsers: t.case("GET /users?limit=<limit:int?>", {}, Returns(t.list(User))),
})
const site = Sitelet.Infer(Api, {
  GetUser: () => Content.Json({ id: 1, name: "a" }),
  ListUsers: () => Content.Json([]),
})

// The server: a sitelet of one endpoint, summed with the site.
expectTypeOf(Mcp.Server(site, { Name: "users" })).toEqualTypeOf<Sitelet<McpEndpoint>>()

// The client side: the SDK's Client is what Mcp.Tools takes, and Router.Fetch through it is typed by the declaration.
const client = new Client({ name: "agent", version: "1.0.0" })
const api = Router.Infer(Api)
expectTypeOf(Router.Fetch(api, { $: "GetUser", id: 1 }, Mcp.Tools(client))).toEqualTypeOf<
  Promise<{ id: number; name: string }>
>()
expectTypeOf(Router.Fetch(api, { $: "ListUsers", limit: 2 }, Mcp.Tools(client))).toEqualTypeOf<
  Promise<{ id: number; name: string }[]>
>()
// @ts-expect-error: the arguments are the case's fields, typed by the declaration
Router.Fetch(api, { $: "GetUser", id: "1" }, Mcp.Tools(client))
// @ts-expect-error: a fetch of tools takes an MCP client
Mcp.Tools({})
