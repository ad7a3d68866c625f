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
  badPath: (path: string) => `Mcp.Server: Path '${path}' must be an absolute path like "/mcp"`,
  badBatch: (value: unknown) => `Mcp.Server: MaxBatch must be a whole number of at least 1, got ${String(value)}`,
} as const
