/**
 * The sentences of `sitelets/mcp`, written once; tests import these writers
 * instead of retyping the text.
 *
 * @example
 * ```ts
 * mcpMessages.unknownTool("Nope") //=> "No tool is named 'Nope' (tools/list names the tools)"
 * ```
 */
export const mcpMessages = {
  unknownTool: (name: string) => `No tool is named '${name}' (tools/list names the tools)`,
  missingArgument: (tool: string, name: string) =>
    `${tool}: the argument '${name}' is required (it is part of the request's path)`,
  movingSegment: (tool: string, name: string) =>
    `${tool}: the argument '${name}' is a path segment, which cannot be empty, '.' or '..' (the request would go to another path)`,
  notArguments: (tool: string) => `${tool}: the arguments must be an object of named values`,
  notServed: (tool: string) =>
    `404 Not Found: no part of the site accepts the request a call of ${tool} with these arguments stands for`,
  tooManyMessages: (count: number, limit: number) =>
    `A batch of ${count} JSON-RPC messages; this server takes at most ${limit} in one request`,
  notJson: "The body must be a JSON-RPC message or a batch of them (application/json)",
  onlyPost:
    "This MCP server is stateless: it takes POST requests only (no stream to open with GET, no session to end with DELETE)",
  noTool: (method: string, path: string) =>
    `Mcp.Tools: no tool of this server makes the request ${method} ${path} (a page, or an operation the server leaves out of its tools)`,
  noAnswer: (tool: string) =>
    `Mcp.Tools: the result of ${tool} carries no answer (_meta "sitelets/response"): is the server Mcp.Server of sitelets?`,
  noServers:
    "Mcp.Server: Authorization.Servers must name at least one authorization server (its issuer URL, https://…)",
  badServer: (server: string) =>
    `Mcp.Server: Authorization.Servers: '${server}' is not the URL of an authorization server (https://…)`,
  noBearer:
    "Mcp.Server: Authorization.Credentials must take a bearer token: Auth.Jwt(…) for the authorization server's tokens, or Auth.Bearer()",
  badPath: (path: string) => `Mcp.Server: Path '${path}' must be an absolute path like "/mcp"`,
  badBatch: (value: unknown) => `Mcp.Server: MaxBatch must be a whole number of at least 1, got ${String(value)}`,
} as const
