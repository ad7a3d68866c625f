/**
 * The Fetch host as the sitelet layer sees it: `site.Handle(request)` is
 * served by the host layer (`src/host/fetch/fetch-handle.ts`), which plugs its
 * entry in here when it is loaded — the package entry (`sitelets`) loads
 * it. So hosts depend on sitelets and never the reverse: no module of
 * `sitelet/` imports `host/`, and a front end that imports only
 * `t` and `Router` carries no host code.
 */
import { siteletMessages } from "./messages.js"
import type { Sitelet } from "./sitelet.js"

/**
 * The options of `site.Handle`: the host's options (`HostOptions`), merged
 * into this interface by the host layer (`src/host/host-options.ts`).
 *
 * @example
 * ```ts
 * const options: HandleOptions = { basePath: "/app", compress: true }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: its members are merged in by the host layer (declaration merging).
export interface HandleOptions {}

/**
 * What the host layer plugs in: serve a Fetch request with a sitelet.
 *
 * @example
 * ```ts
 * const handle: FetchHandle = (site, request, options) => handleFetch(site, request, options)
 * ```
 */
export type FetchHandle = (
  site: Sitelet<never>,
  request: Request,
  options?: HandleOptions,
) => Promise<Response | undefined>

let installed: FetchHandle | undefined

/**
 * Plugs the Fetch host in (called once by `src/host/fetch/fetch-handle.ts`).
 *
 * @example
 * ```ts
 * installFetchHandle(handleFetch)
 * ```
 */
export function installFetchHandle(handle: FetchHandle): void {
  installed = handle
}

/**
 * `site.Handle`: the request served by the plugged-in Fetch host, or a
 * rejection saying the host is not loaded.
 *
 * @example
 * ```ts
 * await handleWithHost(site, new Request("http://x/")) //=> Response
 * ```
 */
export function handleWithHost<Endpoint>(
  site: Sitelet<Endpoint>,
  request: Request,
  options?: HandleOptions,
): Promise<Response | undefined> {
  if (installed === undefined) return Promise.reject(new Error(siteletMessages.noFetchHost))
  return installed(site as Sitelet<never>, request, options)
}
