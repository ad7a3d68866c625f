/**
 * The few Bun and Deno globals the deployment snippets use, declared here so
 * they type-check without either runtime's full type package. The shapes
 * follow Bun's `Bun.serve` and Deno's `Deno.serve`/`Deno.env`/`Deno.args`.
 */
declare namespace Bun {
  interface Server {
    readonly hostname: string
    readonly port: number
  }
  function serve(options: {
    hostname?: string
    port?: number
    fetch(request: Request, server: Server): Response | Promise<Response>
    /** The WebSocket handlers (a site's WebSocket cases: `Fetch.Handler(site).websocket`). */
    websocket?: object
  }): Server
}

declare namespace Deno {
  const args: readonly string[]
  const env: { get(name: string): string | undefined }
  function serve(
    options: { hostname?: string; port?: number },
    handler: (request: Request) => Response | Promise<Response>,
  ): unknown
}
