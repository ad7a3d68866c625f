/**
 * MCP's authorization (its 2025-06-18 specification): the MCP server as an
 * OAuth 2.1 protected resource. It publishes where its tokens come from —
 * RFC 9728's protected-resource metadata, at
 * `/.well-known/oauth-protected-resource` followed by its path — and
 * answers a request without an accepted token with 401 and a `Bearer`
 * challenge naming that metadata (`resource_metadata`), from which an MCP
 * client finds the authorization server, gets a token and comes back. The
 * token is checked with the credentials `Sitelet.Protect` takes (a JWT of
 * the authorization server, its audience this server; or the site's own
 * bearer tokens), and each tool call carries it on to the site.
 */
import type { Credential } from "../sitelet/auth/auth.js"
import { authenticate } from "../sitelet/auth/auth-check.js"
import { quoted, refusal } from "../sitelet/auth/auth-challenge.js"
import { authMessages } from "../sitelet/auth/auth-messages.js"
import type { StaticContent } from "../sitelet/content-model.js"
import type { Context } from "../sitelet/context.js"
import { mcpMessages } from "./mcp-messages.js"

/**
 * How the MCP server is authorized, when it is: the `Authorization` option
 * of `Mcp.Server`.
 *
 * @example
 * ```ts
 * const authorization: McpAuthorization = {
 *   Servers: ["https://idp.example/"],
 *   Credentials: [Auth.Jwt({ jwks: "https://idp.example/.well-known/jwks.json", issuer: "https://idp.example/", audience: "https://api.example/mcp" })],
 *   Scopes: ["articles:read", "articles:write"],
 * }
 * ```
 */
export interface McpAuthorization {
  /** The authorization servers whose tokens the server takes (their issuer URLs): the metadata's `authorization_servers`. */
  readonly Servers: readonly string[]
  /** How a request's token is checked, as `Sitelet.Protect` checks it: `Auth.Jwt(…)` (its audience this server's URL), `Auth.Bearer()`. */
  readonly Credentials: readonly Credential[]
  /** The scopes a client may ask for: the metadata's `scopes_supported`, and the challenge's `scope`. */
  readonly Scopes?: readonly string[]
  /** A page for people about the server: the metadata's `resource_documentation`. */
  readonly Documentation?: string
}

/**
 * Where the metadata of a server at `path` is served (RFC 9728 §3.1: the
 * well-known prefix inserted before the resource's path).
 *
 * @example
 * ```ts
 * metadataPath("/mcp") //=> "/.well-known/oauth-protected-resource/mcp"
 * ```
 */
export const metadataPath = (path: string): string => `/.well-known/oauth-protected-resource${path}`

/**
 * Checks what `Mcp.Server` is given as `Authorization`, once, as it is built.
 *
 * @example
 * ```ts
 * checkAuthorization({ Servers: [], Credentials: [] }) // throws: no authorization server
 * ```
 */
export function checkAuthorization(authorization: McpAuthorization): void {
  if (authorization.Servers.length === 0) throw new TypeError(mcpMessages.noServers)
  for (const server of authorization.Servers)
    if (!URL.canParse(server) || !/^https?:$/.test(new URL(server).protocol))
      throw new TypeError(mcpMessages.badServer(server))
  if (!authorization.Credentials.some((credential) => credential.kind === "jwt" || credential.kind === "bearer"))
    throw new TypeError(mcpMessages.noBearer)
}

/**
 * The protected-resource metadata (RFC 9728 §2) of the server at
 * `resource` (its absolute URL).
 *
 * @example
 * ```ts
 * resourceMetadata("https://api.example/mcp", "blog", { Servers: ["https://idp.example/"], Credentials })
 * //=> { resource: "https://api.example/mcp", authorization_servers: ["https://idp.example/"], bearer_methods_supported: ["header"], resource_name: "blog" }
 * ```
 */
export function resourceMetadata(
  resource: string,
  name: string,
  authorization: McpAuthorization,
): Record<string, unknown> {
  return {
    resource,
    authorization_servers: authorization.Servers,
    bearer_methods_supported: ["header"],
    ...(authorization.Scopes === undefined ? {} : { scopes_supported: authorization.Scopes }),
    resource_name: name,
    ...(authorization.Documentation === undefined ? {} : { resource_documentation: authorization.Documentation }),
  }
}

/**
 * Whether a request to the MCP server carries a token its credentials
 * accept: `undefined` when it does, else the 401 to answer — a `Bearer`
 * challenge with the metadata's URL (and RFC 6750's `invalid_token` for a
 * token that was sent and refused), the reason as problem details.
 *
 * @example
 * ```ts
 * await refusedRequest(authorization, ctx, "https://api.example/.well-known/oauth-protected-resource/mcp")
 * //=> undefined, or a 401 with WWW-Authenticate: Bearer resource_metadata="…"
 * ```
 */
export async function refusedRequest(
  authorization: McpAuthorization,
  ctx: Context<unknown>,
  metadataUrl: string,
): Promise<StaticContent | undefined> {
  const outcome = await authenticate(authorization.Credentials, ctx)
  if (outcome.kind === "user") return undefined
  const scope = authorization.Scopes === undefined ? "" : `, scope=${quoted(authorization.Scopes.join(" "))}`
  const error = outcome.kind === "invalid" ? `, error="invalid_token", error_description=${quoted(outcome.reason)}` : ""
  const reason = outcome.kind === "invalid" ? outcome.reason : authMessages.missing()
  return refusal(401, [`Bearer resource_metadata=${quoted(metadataUrl)}${scope}${error}`], reason)
}
