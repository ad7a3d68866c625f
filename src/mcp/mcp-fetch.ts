/**
 * `Mcp.Tools(client)`: a site's MCP tools called from TypeScript, typed by
 * the declaration. It is what `Router.Fetch` sends with — a `fetch` whose
 * requests go out as tool calls over an MCP client's connection — so an
 * endpoint value is written by the declaration's router (path, query,
 * headers, body), sent as the call of the tool whose request it is, and
 * the call's result read back as the `Response` the site gave, which
 * `Router.Fetch` decodes by the case's declared answers (a `FetchError` for
 * a refusal, a `JsonError` for an answer off its declaration).
 */
import { mcpMessages } from "./mcp-messages.js"
import { type RequestMeta, type ResponseMeta, requestMetaKey, responseMetaKey } from "./mcp-meta.js"
import { toolArguments } from "./mcp-arguments.js"

/** A tool as `tools/list` gives it: the part `Mcp.Tools` reads. */
export interface ListedTool {
  readonly name: string
  readonly inputSchema: { readonly properties?: Readonly<Record<string, object>> }
  readonly _meta?: Readonly<Record<string, unknown>>
}

/**
 * An MCP client: the SDK's `Client`, connected, or anything with its two
 * tool methods.
 *
 * @example
 * ```ts
 * const client: ToolClient = new Client({ name: "agent", version: "1.0.0" })
 * ```
 */
export interface ToolClient {
  listTools(params?: { cursor?: string }): Promise<{ tools: readonly ListedTool[]; nextCursor?: string }>
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<Record<string, unknown>>
}

/**
 * What `Mcp.Tools` gives `Router.Fetch`: the `fetch` that calls tools, and
 * a `base` for the requests it writes (their origin is not read: the
 * connection is the client's).
 */
export interface ToolsInit {
  readonly fetch: (request: Request) => Promise<Response>
  readonly base: string
}

/** A listed tool of ours: its name, its request, the JSON Schemas of its arguments. */
export interface ServedTool {
  readonly name: string
  readonly request: RequestMeta
  readonly schemas: Readonly<Record<string, object>>
}

async function servedTools(client: ToolClient): Promise<ServedTool[]> {
  const tools: ServedTool[] = []
  let cursor: string | undefined
  // Every page of the list (bounded: a server that pages forever is not followed past 100 pages).
  for (let page = 0; page < 100; page++) {
    const listed = await client.listTools(cursor === undefined ? undefined : { cursor })
    for (const tool of listed.tools) {
      const request = tool._meta?.[requestMetaKey] as RequestMeta | undefined
      if (request !== undefined) tools.push({ name: tool.name, request, schemas: tool.inputSchema.properties ?? {} })
    }
    cursor = listed.nextCursor
    if (cursor === undefined) break
  }
  return tools
}

// Statuses whose answer has no body, as the Fetch API's Response requires.
const nullBody = new Set([101, 204, 205, 304])

/** The `Response` a call's result stands for, from its `_meta`. */
function responseOf(tool: string, result: Record<string, unknown>): Response {
  const meta = (result._meta as Record<string, unknown> | undefined)?.[responseMetaKey] as ResponseMeta | undefined
  if (meta === undefined) throw new Error(mcpMessages.noAnswer(tool))
  const content = result.content as ReadonlyArray<{ type?: string; text?: string }> | undefined
  const body = meta.body ?? content?.find((block) => block.type === "text")?.text ?? ""
  return new Response(nullBody.has(meta.status) ? null : body, { status: meta.status, headers: meta.headers })
}

/**
 * The `fetch` and `base` that make `Router.Fetch` call a site's MCP tools
 * (served by `Mcp.Server`) over `client`'s connection: each request is
 * sent as the call of the tool whose request it is — its arguments read
 * from the request's path, query, headers and body — and the result read
 * back as the site's `Response`. The tool list is read once, on the first
 * call. The credentials are the connection's (the `Authorization` header
 * the client's transport sends), not the request's. A request no tool
 * makes (a page, an operation the server leaves out) throws.
 *
 * @example
 * ```ts
 * import { Router } from "sitelets/client"
 * const api = Router.Infer(Api)
 * const user = await Router.Fetch(api, { $: "GetUser", id: 1 }, Mcp.Tools(client)) // typed by GetUser's Returns
 * ```
 */
export function Tools(client: ToolClient): ToolsInit {
  let listed: Promise<ServedTool[]> | undefined
  return {
    base: "http://localhost",
    fetch: async (request) => {
      const tools = await (listed ??= servedTools(client).catch((error: unknown) => {
        listed = undefined
        throw error
      }))
      const call = await toolArguments(tools, request)
      if (call === undefined) throw new Error(mcpMessages.noTool(request.method, new URL(request.url).pathname))
      return responseOf(call.name, await client.callTool(call))
    },
  }
}
