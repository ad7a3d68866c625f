/**
 * Where the endpoint lives in a browser URL: the path and query (history
 * mode), or the fragment after `#` (hash mode, for static hosting).
 */

/** History mode keeps links in the path; hash mode keeps them after `#`. */
export type RoutingMode = "history" | "hash"

/**
 * The router link a browser URL holds, or undefined when it holds none (a
 * hash that is an in-page anchor such as `#top`). Hash mode reads an empty
 * fragment as `/`.
 *
 * @example
 * ```ts
 * locationLink("history", new URL("http://x/article/1?q=a#top")) //=> "/article/1?q=a"
 * locationLink("hash", new URL("http://x/index.html#/article/1")) //=> "/article/1"
 * locationLink("hash", new URL("http://x/index.html"))            //=> "/"
 * locationLink("hash", new URL("http://x/index.html#top"))        //=> undefined
 * ```
 */
export function locationLink(mode: RoutingMode, url: URL): string | undefined {
  if (mode === "history") return url.pathname + url.search
  const fragment = url.hash.slice(1)
  if (fragment === "") return "/"
  return fragment.startsWith("/") ? fragment : undefined
}

/**
 * The `href` to write in an `<a>` for a router link: the link itself in
 * history mode, `#` + link in hash mode.
 *
 * @example
 * ```ts
 * hrefOf("hash", "/article/1")    //=> "#/article/1"
 * hrefOf("history", "/article/1") //=> "/article/1"
 * ```
 */
export function hrefOf(mode: RoutingMode, link: string): string {
  return mode === "hash" ? "#" + link : link
}
