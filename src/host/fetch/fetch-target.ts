/**
 * The Fetch host's reading of a `Request`'s target: the origin-form cut
 * from its URL when the authority is plain, and whether the runtime lets
 * repeated `Host` headers through (joined with a comma) for the host to
 * refuse.
 */

// Bun and workerd let repeated `Host` headers through, joined with a comma; Deno refuses them before any handler,
// and Node's adapters keep the first (node:http does): there the lookup would cost 170 ns a request for nothing.
export const joinsRepeatedHosts =
  typeof (globalThis as { Bun?: unknown }).Bun !== "undefined" ||
  (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === "Cloudflare-Workers"

/**
 * The origin-form of a Request's URL (`/users/42?tab=1`) when its authority
 * is a plain `host[:port]` followed by a path, or undefined to parse it as
 * any target. Most runtimes serialize the URL, but Deno hands over an
 * absolute-form request target as it came (`http://h?/admin` keeps its
 * query where the path would be), so the authority is still read here, in
 * one short scan.
 *
 * @example
 * ```ts
 * originFormOfUrl("http://localhost:8080/users/42?tab=1") //=> "/users/42?tab=1"
 * ```
 */
export function originFormOfUrl(url: string): string | undefined {
  const from = url.startsWith("http://") ? 7 : url.startsWith("https://") ? 8 : -1
  if (from < 0) return undefined
  // Where the port starts (after its `:`), or -1; at most five digits, as the target parse allows.
  let port = -1
  for (let i = from; i < url.length; i++) {
    const code = url.charCodeAt(i)
    if (code === 0x2f) return i > from ? url.slice(i) : undefined
    if (code === 0x3a) {
      if (port >= 0 || i === from) return undefined
      port = i + 1
    } else if (port >= 0 ? !(code >= 0x30 && code <= 0x39) || i - port >= 5 : !isHostCode(code)) return undefined
  }
  return undefined
}

/** A letter, a digit, `-` or `.`: what a plain host name is made of. */
const isHostCode = (code: number): boolean =>
  (code >= 0x61 && code <= 0x7a) ||
  (code >= 0x41 && code <= 0x5a) ||
  (code >= 0x30 && code <= 0x39) ||
  code === 0x2d ||
  code === 0x2e
