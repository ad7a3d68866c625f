/**
 * `sitelets/mcp`: the declaration served to AI agents as MCP tools —
 * `Mcp.Server(site, options)`, a sitelet that answers the Model Context
 * Protocol's Streamable HTTP transport at one path of the site, each API
 * case a tool whose call is the HTTP request it stands for, under the same
 * router, `Protect`, guards and limits; and `Mcp.Tools(client)`, which
 * calls those tools from TypeScript through `Router.Fetch`. The official SDK
 * (`@modelcontextprotocol/sdk`) is an optional peer dependency: only this
 * entry imports it.
 *
 * In the repository, it may import `host/`, `host/fetch/`, `openapi/`,
 * `router/request/`, `sitelet/`, `sitelet/auth/`, `sitelet/content/` and
 * `sitelet/http/` (its row of
 * docs/architecture.md, which the layers test holds the code to). A package
 * entry: users import it by its name.
 *
 * @example
 * ```ts
 * import { Mcp } from "sitelets/mcp"
 * const site = Sitelet.Sum(api, Mcp.Server(api, { Name: "blog", Host: hostOptions }))
 * ```
 */
import { Tools } from "./mcp-fetch.js"
import { Server } from "./mcp-server.js"

export type { McpEndpoint, McpOptions } from "./mcp-server.js"
export type { ToolChoice } from "./mcp-tools.js"
export type { McpAuthorization } from "./mcp-authorization.js"
export type { ListedTool, ToolClient, ToolsInit } from "./mcp-fetch.js"
export { mcpMessages } from "./mcp-messages.js"

/**
 * The MCP namespace: `Mcp.Server(site, options)` serves the tools,
 * `Mcp.Tools(client)` calls them with `Router.Fetch`, typed by the
 * declaration.
 *
 * @example
 * ```ts
 * const mcp = Mcp.Server(site, { Name: "blog" })
 * const user = await Router.Fetch(api, { $: "GetUser", id: 1 }, Mcp.Tools(client))
 * ```
 */
export const Mcp = Object.freeze({ Server, Tools })
