/**
 * The MCP test site served by node:http on an ephemeral loopback port, with
 * the SDK's own client connected to its `/mcp` (apart from mcp-site.ts,
 * which the runtime matrix bundles for runtimes without node:http).
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { NodeHandler } from "../../src/host/node/index.js"
import type { Sitelet } from "../../src/sitelet/sitelet.js"
import { hostOptions, served } from "./mcp-site.js"

/** A served site on 127.0.0.1: its base URL, an SDK client connected to its `/mcp`, and its end. */
export interface Listening {
  readonly base: string
  connect(headers?: Record<string, string>): Promise<Client>
  close(): Promise<void>
}

/** Serves `sitelet` (the site and its MCP server, by default) with node:http on an ephemeral loopback port. */
export async function listening(sitelet: Sitelet<any> = served()): Promise<Listening> {
  const server = createServer(NodeHandler(sitelet, hostOptions))
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    base,
    connect: async (headers = {}) => {
      const client = new Client({ name: "test", version: "1.0.0" })
      await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }))
      return client
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}
