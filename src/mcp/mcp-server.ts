/**
 * `Mcp.Server(site, options)`: a sitelet that serves a site's API cases to
 * AI agents as MCP tools, over the protocol's Streamable HTTP transport at
 * one path of the same site (`/mcp`). Built on the official SDK (its
 * `Server` and web-standard transport, stateless, JSON answers): the
 * protocol is the SDK's; what is ours is the tools — read from the site's
 * OpenAPI document — and the call, which is the HTTP request the tool
 * stands for, served by the same site under the same host options, so it
 * meets the same router, `Protect`, guards, limits and handler.
 */
import { Server as SdkServer } from "@modelcontextprotocol/sdk/server/index.js"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js"
import { Document } from "../openapi/document.js"
import { resolveHostOptions, type HostOptions, type ResolvedHostOptions } from "../host/host-options.js"
import { handleResolved } from "../host/fetch/fetch-handle.js"
import { Content as SiteletContent, Sum } from "../sitelet/combinators.js"
import type { Context } from "../sitelet/context.js"
import type { Sitelet } from "../sitelet/sitelet.js"
import { Content } from "../sitelet/content/content.js"
import { forwardedHeaders, toolBase, toolRequest, toolResult } from "./mcp-call.js"
import { mcpMessages } from "./mcp-messages.js"
import {
  checkAuthorization,
  type McpAuthorization,
  metadataPath,
  refusedRequest,
  resourceMetadata,
} from "./mcp-authorization.js"
import { requestMeta, requestMetaKey } from "./mcp-meta.js"
import { type ToolChoice, type ToolPlan, toolPlans } from "./mcp-tools.js"

/**
 * What `Mcp.Server` takes besides the site.
 *
 * @example
 * ```ts
 * const options: McpOptions = { Name: "blog", Version: "1.0.0", Tools: { Exclude: ["Token"] }, Host: hostOptions }
 * ```
 */
export interface McpOptions {
  /** The server's name, as MCP clients show it. */
  readonly Name: string
  /** Its version. Default `"1.0.0"`. */
  readonly Version?: string
  /** Where it is served. Default `"/mcp"`. */
  readonly Path?: string
  /** What an agent is told about the server as a whole (MCP `instructions`). */
  readonly Instructions?: string
  /** Which operations are tools. Default: every operation that answers JSON. */
  readonly Tools?: ToolChoice
  /** The options the site is served with (the object given to the host): tool calls are served under them. */
  readonly Host?: HostOptions
  /** The most JSON-RPC messages one request may carry (a batch). Default 10. */
  readonly MaxBatch?: number
  /**
   * MCP's OAuth authorization: the server takes requests with a token its
   * `Credentials` accept only, and publishes its protected-resource
   * metadata (RFC 9728) naming the authorization `Servers`. Default none:
   * the tool list is public and each call is authorized as its request.
   */
  readonly Authorization?: McpAuthorization
}

/** The endpoints of the MCP server: its URL, and its protected-resource metadata when it has `Authorization`. */
export type McpEndpoint = { readonly $: "Mcp" } | { readonly $: "McpMetadata" }

const jsonRpcError = (status: number, code: number, message: string) =>
  Content.Custom({
    Status: status,
    Headers: { "Content-Type": "application/json" },
    Body: JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } }),
  })

/** The tools and how calls are served, worked out on the first request (the site is whole by then). */
interface Served {
  readonly plans: ReadonlyMap<string, ToolPlan>
  readonly apiKeyHeaders: readonly string[]
  readonly host: ResolvedHostOptions
}

function servedOf<Endpoint>(site: Sitelet<Endpoint>, options: McpOptions): Served {
  const document = Document(site, {
    info: { title: options.Name, version: options.Version ?? "1.0.0" },
    ...(options.Host === undefined ? {} : { host: options.Host }),
  })
  const schemes = ((document.components as { securitySchemes?: Record<string, Record<string, unknown>> })
    .securitySchemes ?? {}) as Record<string, Record<string, unknown>>
  const apiKeyHeaders = Object.values(schemes)
    .filter((scheme) => scheme.type === "apiKey" && scheme.in === "header" && typeof scheme.name === "string")
    .map((scheme) => scheme.name as string)
  const plans = new Map(toolPlans(document, options.Tools).map((plan) => [plan.name, plan]))
  return { plans, apiKeyHeaders, host: resolveHostOptions(options.Host) }
}

/** The SDK's server for one request: `tools/list` and `tools/call`, each call the request it stands for. */
function sdkServer<Endpoint>(site: Sitelet<Endpoint>, options: McpOptions, served: Served, ctx: Context<McpEndpoint>) {
  const server = new SdkServer(
    { name: options.Name, version: options.Version ?? "1.0.0" },
    {
      capabilities: { tools: {} },
      ...(options.Instructions === undefined ? {} : { instructions: options.Instructions }),
    },
  )
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...served.plans.values()].map((plan) => ({
      name: plan.name,
      description: plan.description,
      inputSchema: plan.inputSchema,
      ...(plan.outputSchema === undefined ? {} : { outputSchema: plan.outputSchema }),
      _meta: { [requestMetaKey]: requestMeta(plan) },
    })),
  }))
  // The site's origin as the MCP request reached it, and the path the site is mounted under.
  const base = toolBase(ctx.Origin, ctx.ApplicationPath)
  const forwarded = forwardedHeaders((name) => ctx.Request.headers.get(name), served.apiKeyHeaders)
  server.setRequestHandler(CallToolRequestSchema, async (call) => {
    const plan = served.plans.get(call.params.name)
    if (plan === undefined) throw new McpError(ErrorCode.InvalidParams, mcpMessages.unknownTool(call.params.name))
    const args = call.params.arguments ?? {}
    if (typeof args !== "object" || args === null || Array.isArray(args))
      return { isError: true, content: [{ type: "text" as const, text: mcpMessages.notArguments(plan.name) }] }
    const request = toolRequest(plan, args, base, forwarded)
    if (typeof request === "string") return { isError: true, content: [{ type: "text" as const, text: request }] }
    return toolResult(plan, await handleResolved(site, request, served.host))
  })
  return server
}

/** An MCP request through the SDK's transport (stateless, JSON answers), as the site's content. */
async function answer<Endpoint>(
  site: Sitelet<Endpoint>,
  options: McpOptions,
  served: Served,
  ctx: Context<McpEndpoint>,
  maxBatch: number,
) {
  if (ctx.Request.method !== "POST")
    return Content.Custom({
      Status: 405,
      Headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
      Body: mcpMessages.onlyPost,
    })
  if (options.Authorization !== undefined) {
    const metadata = `${toolBase(ctx.Origin, ctx.ApplicationPath)}${metadataPath(options.Path ?? "/mcp")}`
    const refused = await refusedRequest(options.Authorization, ctx as Context<unknown>, metadata)
    if (refused !== undefined) return refused
  }
  // The host bounds the body (its limit: a 413, its read refused), then its text is parsed here.
  const text = await ctx.Request.text()
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return jsonRpcError(400, ErrorCode.ParseError, mcpMessages.notJson)
  }
  if (Array.isArray(parsed) && parsed.length > maxBatch)
    return jsonRpcError(400, ErrorCode.InvalidRequest, mcpMessages.tooManyMessages(parsed.length, maxBatch))
  const headers = new Headers()
  for (const name of ["accept", "content-type", "mcp-protocol-version"]) {
    const value = ctx.Request.headers.get(name)
    if (value !== null) headers.set(name, value)
  }
  const request = new Request(`http://localhost${ctx.Request.path}`, { method: "POST", headers })
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  })
  const server = sdkServer(site, options, served, ctx)
  await server.connect(transport)
  try {
    const response = await transport.handleRequest(request, { parsedBody: parsed })
    const type = response.headers.get("content-type")
    return Content.Custom({
      Status: response.status,
      Headers: type === null ? {} : { "Content-Type": type },
      Body: new Uint8Array(await response.arrayBuffer()),
    })
  } finally {
    await server.close()
  }
}

/**
 * A sitelet serving `site`'s API cases as MCP tools at `options.Path`
 * (`/mcp`): sum it with the site. Each operation of the site's OpenAPI
 * document that answers JSON is a tool (`options.Tools` chooses), its
 * arguments the operation's parameters and body; a call is the HTTP request
 * it stands for, with the MCP request's credentials, served by `site` under
 * `options.Host`, and its answer the call's result (an error result, with
 * the status and the site's sentence, for any status but 2xx).
 *
 * @example
 * ```ts
 * import { Mcp } from "sitelets/mcp"
 * const mcp = Mcp.Server(site, { Name: "blog", Host: hostOptions })
 * createServer(NodeHandler(Sitelet.Sum(site, mcp), hostOptions)).listen(8080)
 * ```
 */
export function Server<Endpoint>(site: Sitelet<Endpoint>, options: McpOptions): Sitelet<McpEndpoint> {
  const path = options.Path ?? "/mcp"
  if (!path.startsWith("/")) throw new TypeError(mcpMessages.badPath(path))
  const maxBatch = options.MaxBatch ?? 10
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError(mcpMessages.badBatch(options.MaxBatch))
  let served: Served | undefined
  const mcp = SiteletContent<McpEndpoint>(path, { $: "Mcp" }, (ctx) =>
    answer(site, options, (served ??= servedOf(site, options)), ctx, maxBatch),
  )
  const authorization = options.Authorization
  if (authorization === undefined) return mcp
  checkAuthorization(authorization)
  const metadata = SiteletContent<McpEndpoint>(metadataPath(path), { $: "McpMetadata" }, (ctx) => {
    if (ctx.Request.method !== "GET" && ctx.Request.method !== "HEAD")
      return Content.Custom({ Status: 405, Headers: { Allow: "GET, HEAD" }, Body: "" })
    const resource = `${toolBase(ctx.Origin, ctx.ApplicationPath)}${path}`
    // Public, and read by MCP clients in browsers too: any origin may read it.
    return Content.Custom({
      Status: 200,
      Headers: { "Content-Type": "application/json", "Access-Control-Allow-Origin": "*" },
      Body: JSON.stringify(resourceMetadata(resource, options.Name, authorization)),
    })
  })
  return Sum(mcp, metadata)
}
