/**
 * The public namespaces that assemble the rooms (`Sitelet`, `Application`):
 * here the Fetch host is plugged into the sitelet layer (`site.Handle`),
 * which cannot import it, so a bundle that builds a sitelet serves it and a
 * bundle that only links carries no host.
 *
 * It may import `host/fetch/`, `sitelet/`, `sitelet/auth/`,
 * `sitelet/content/`, `sitelet/cors/` and `sitelet/limits/` (its row of
 * docs/architecture.md, which the layers test holds the code to). Other
 * rooms import its modules by their paths, not through this index, so a
 * bundle or a Worker loads only the modules it uses; this index is the
 * room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * const site = Sitelet.Sum(pages, api)
 * ```
 */
export { Application, type Root } from "./application.js"
export { Sitelet } from "./sitelet-namespace.js"
