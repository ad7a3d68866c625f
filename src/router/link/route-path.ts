import type { Descriptor, UploadedFile } from "../../descriptor/descriptor.js"
import { LinkError } from "./link-error.js"
import { linkLoneSurrogate } from "./link-messages.js"
import { encodeComponent, encodeQueryComponent } from "../request/percent.js"

/**
 * The body a linked endpoint carries (for typed clients and tests).
 *
 * @example
 * ```ts
 * router.link({ $: "Create", blog: 1, post })?.body //=> { kind: "json", descriptor: Post, value: post }
 * ```
 */
export type RouteBody =
  | { readonly kind: "json"; readonly descriptor: Descriptor; readonly value: unknown }
  | { readonly kind: "form"; readonly fields: ReadonlyArray<readonly [string, string | UploadedFile]> }

/**
 * A link before encoding: decoded path segments and query pairs (keys in
 * declaration order), plus what a client needs to rebuild the request: the
 * first method of the linked case, if it has methods, and its body.
 *
 * @example
 * ```ts
 * router.link({ $: "Search", q: "x" }) //=> { segments: ["search"], query: [["q", "x"]], method: "GET", body: undefined }
 * ```
 */
export interface RoutePath {
  readonly segments: readonly string[]
  readonly query: ReadonlyArray<readonly [string, string]>
  readonly method?: string | undefined
  readonly body?: RouteBody | undefined
  /** Request headers of `Header(d)` fields (a URL cannot carry them: the typed client sends them). */
  readonly headers?: ReadonlyArray<readonly [string, string]> | undefined
  /** Cookies of `Cookie(d)` fields (the typed client sends them in a `Cookie` header). */
  readonly cookies?: ReadonlyArray<readonly [string, string]> | undefined
}

/**
 * Writes a {@link RoutePath} as a URL: `/` for no segments, never a trailing
 * `/` otherwise; each segment and query component percent-encoded.
 *
 * @example
 * ```ts
 * routePathToString({ segments: ["a b", "c"], query: [["q", "x&y"]] }) //=> "/a%20b/c?q=x%26y"
 * ```
 */
export function routePathToString(path: RoutePath): string {
  let out = ""
  for (const segment of path.segments) out += "/" + encode(segment)
  if (out === "") out = "/"
  let separator = "?"
  for (const [key, value] of path.query) {
    out += separator + encode(key, encodeQueryComponent) + "=" + encode(value, encodeQueryComponent)
    separator = "&"
  }
  return out
}

function encode(text: string, encoder: (text: string) => string | undefined = encodeComponent): string {
  const encoded = encoder(text)
  if (encoded === undefined) throw new LinkError("", linkLoneSurrogate)
  return encoded
}

/**
 * Prepends segments to a path (used by `Shift`).
 *
 * @example
 * ```ts
 * prefixPath(["api"], { segments: ["x"], query: [] }).segments //=> ["api", "x"]
 * ```
 */
export function prefixPath(prefix: readonly string[], path: RoutePath): RoutePath {
  return { ...path, segments: [...prefix, ...path.segments] }
}
