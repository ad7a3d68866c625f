/**
 * The Fetch host: `site.Handle(request)` and `Fetch.Handler(site)` for Bun,
 * Deno, Cloudflare Workers and any runtime that takes a `fetch`: the
 * runtime's `Request` read (its target, its body within the limit), the
 * answer built as a `Response` only here (headers, streams, compression),
 * and each runtime's own WebSocket upgrade.
 *
 * It may import `host/`, `internal/`, `router/request/`, `sitelet/`,
 * `sitelet/http/` and `sitelet/sockets/` (its row of docs/architecture.md,
 * which the layers test holds the code to). Other rooms import its modules
 * by their paths, not through this index, so a bundle or a Worker loads only
 * the modules it uses; this index is the room's table of contents, checked
 * by the compiler.
 *
 * @example
 * ```ts
 * export default Fetch.Handler(site) // Bun, Deno, Workers
 * ```
 */
export { handleFetch } from "./fetch-handle.js"
export { Fetch, type FetchHandler, Handler, type WaitUntilContext } from "./fetch-handler.js"
