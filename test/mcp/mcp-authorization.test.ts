/**
 * MCP's authorization: the MCP server as an OAuth protected resource. An
 * authorization server of the test's own (client credentials, JWTs signed
 * with `jose`) issues the tokens; the SDK's own client, with its own
 * `ClientCredentialsProvider`, meets the 401, reads the protected-resource
 * metadata the challenge names (RFC 9728), finds the authorization server,
 * gets a token for this server and comes back — and each tool call carries
 * the token on to the site's `Protect`.
 */
import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { ClientCredentialsProvider } from "@modelcontextprotocol/sdk/client/auth-extensions.js"
import {
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
} from "@modelcontextprotocol/sdk/client/auth.js"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { exportJWK, generateKeyPair, SignJWT } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Auth, Content, Json, Responds, Sitelet, t } from "../../src/index.js"
import { NodeHandler } from "../../src/host/node/index.js"
import { authMessages } from "../../src/sitelet/auth/auth-messages.js"
import { Mcp, type McpAuthorization, mcpMessages } from "../../src/mcp/index.js"

const { publicKey, privateKey } = await generateKeyPair("ES256", { extractable: true })
const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256" }

let issuer: string
let resource: string
const servers: Server[] = []

async function listening(server: Server): Promise<string> {
  servers.push(server)
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = ""
    request.on("data", (chunk: Buffer) => (text += chunk.toString()))
    request.on("end", () => resolve(text))
  })

/** A token of the authorization server: for `audience`, of user `sub`. */
const token = (audience: string, sub = "ada") =>
  new SignJWT({ scope: "notes" })
    .setProtectedHeader({ alg: "ES256", kid: "k1" })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(sub)
    .setExpirationTime("5m")
    .sign(privateKey)

/** How many tokens the authorization server issued, and for which resource. */
const issued: string[] = []

// The authorization server: its metadata (RFC 8414) and a token endpoint for one client (client credentials).
const authorizationServer = createServer(async (request, response) => {
  const json = (status: number, value: unknown) => {
    response.writeHead(status, { "content-type": "application/json" })
    response.end(JSON.stringify(value))
  }
  if (request.url === "/.well-known/oauth-authorization-server")
    return json(200, {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      response_types_supported: ["code"],
      grant_types_supported: ["client_credentials"],
      token_endpoint_auth_methods_supported: ["client_secret_basic"],
    })
  if (request.url === "/token" && request.method === "POST") {
    const form = new URLSearchParams(await bodyOf(request))
    const basic = `Basic ${Buffer.from("agent:agent-secret").toString("base64")}`
    if (request.headers.authorization !== basic || form.get("grant_type") !== "client_credentials")
      return json(401, { error: "invalid_client" })
    const audience = form.get("resource") ?? ""
    issued.push(audience)
    return json(200, { access_token: await token(audience), token_type: "Bearer", expires_in: 300 })
  }
  json(404, { error: "not_found" })
})

const Note = t.record({ id: t.int, text: t.string })
const Notes = t.union({
  GetNote: t.case("GET /notes/<id:int>", {}, Responds({ 200: Note, 404: t.record({ error: t.string }) })),
  AddNote: t.case("POST /notes", { note: Json(t.record({ text: t.string })) }, Responds({ 201: Note })),
})

let authorization: McpAuthorization
let mcpUrl: string

beforeAll(async () => {
  issuer = await listening(authorizationServer)
  const site = createServer()
  const base = await listening(site)
  resource = `${base}/mcp`
  mcpUrl = resource
  const jwt = Auth.Jwt({ jwks: { keys: [jwk] }, issuer, audience: resource })
  authorization = { Servers: [issuer], Credentials: [jwt], Scopes: ["notes"] }
  // The site takes the same tokens: a tool call carries the MCP request's on to its Protect.
  const notes = Sitelet.Protect(
    { VerifyUser: (user) => user === "ada", Credentials: [jwt] },
    Sitelet.Infer(Notes, {
      GetNote: (_ctx, e) =>
        e.id === 1
          ? Content.Json({ id: 1, text: "hello" })
          : Content.SetStatus(404, Content.Json({ error: "no note" })),
      AddNote: async (ctx, e) =>
        Content.SetStatus(
          201,
          Content.Json({ id: 2, text: `${await ctx.UserSession.GetLoggedInUser()}: ${e.note.text}` }),
        ),
    }),
  )
  const mcp = Mcp.Server(notes, { Name: "notes", Authorization: authorization })
  site.on("request", NodeHandler(Sitelet.Sum(notes, mcp)))
})

afterAll(() => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))))

const post = (headers: Record<string, string> = {}) =>
  fetch(mcpUrl, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  })

describe("the MCP server as a protected resource", () => {
  it("publishes its metadata (RFC 9728) where the well-known prefix goes before its path, as the SDK finds it", async () => {
    const response = await fetch(`${new URL(mcpUrl).origin}/.well-known/oauth-protected-resource/mcp`)
    expect(response.headers.get("access-control-allow-origin")).toBe("*")
    expect(await response.json()).toEqual({
      resource,
      authorization_servers: [issuer],
      bearer_methods_supported: ["header"],
      scopes_supported: ["notes"],
      resource_name: "notes",
    })
    expect(await discoverOAuthProtectedResourceMetadata(mcpUrl)).toMatchObject({
      resource,
      authorization_servers: [issuer],
    })
  })

  it("answers a request without a token with 401 and a challenge naming the metadata and the scopes", async () => {
    const refused = await post()
    expect(refused.status).toBe(401)
    expect(extractWWWAuthenticateParams(refused)).toEqual({
      resourceMetadataUrl: new URL(`${new URL(mcpUrl).origin}/.well-known/oauth-protected-resource/mcp`),
      scope: "notes",
    })
    expect((await refused.json()).detail).toBe(authMessages.missing())
    // A token for another resource is refused with RFC 6750's invalid_token.
    const other = await post({ authorization: `Bearer ${await token("https://elsewhere.example/mcp")}` })
    expect(other.status).toBe(401)
    expect(other.headers.get("www-authenticate")).toContain('error="invalid_token"')
  })

  it("lets the SDK's client in by its own OAuth flow (client credentials), and each call carries the token on", async () => {
    const before = issued.length
    const authProvider = new ClientCredentialsProvider({
      clientId: "agent",
      clientSecret: "agent-secret",
      expectedIssuer: issuer,
    })
    const client = new Client({ name: "agent", version: "1.0.0" })
    // Its first request meets the 401; the provider gets a token from the authorization server, and the client retries.
    await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider }))
    expect(issued.slice(before)).toEqual([resource])
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(["AddNote", "GetNote"])
    const added = await client.callTool({ name: "AddNote", arguments: { body: { text: "hi" } } })
    expect(added.structuredContent).toEqual({ id: 2, text: "ada: hi" })
    await client.close()
  })

  it("is refused at build time without an authorization server or a bearer credential", () => {
    expect(() => Mcp.Server(Sitelet.Empty, { Name: "x", Authorization: { ...authorization, Servers: [] } })).toThrow(
      mcpMessages.noServers,
    )
    expect(() =>
      Mcp.Server(Sitelet.Empty, { Name: "x", Authorization: { ...authorization, Servers: ["not a url"] } }),
    ).toThrow(mcpMessages.badServer("not a url"))
    expect(() =>
      Mcp.Server(Sitelet.Empty, { Name: "x", Authorization: { ...authorization, Credentials: [Auth.Session()] } }),
    ).toThrow(mcpMessages.noBearer)
  })
})
