/**
 * A safe "return to" address for login flows (RELIABILITY F1, P8): a
 * `returnTo` value from a query or form is attacker-controlled, so it is
 * reduced to a same-origin path before anyone redirects to it.
 */

// A placeholder origin: anything that resolves elsewhere is cross-origin.
const base = "http://app.invalid"

/**
 * The same-origin path (with query and fragment) that `candidate` names, or
 * `fallback` (default `"/"`) when it names another origin or is not a URL
 * path at all. Protocol-relative (`//evil.com`), backslash (`/\evil.com`),
 * scheme (`javascript:`, `https:evil.com`) and control-character tricks all
 * give the fallback. The result is already encoded: never decode it again.
 *
 * @example
 * ```ts
 * safeReturnPath("/admin?tab=1")      //=> "/admin?tab=1"
 * safeReturnPath("//evil.com/admin")  //=> "/"
 * safeReturnPath("javascript:alert(1)") //=> "/"
 * ```
 */
export function safeReturnPath(candidate: string | undefined | null, fallback = "/"): string {
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > 8192) return fallback
  // Only absolute paths: a relative or scheme-bearing value never names a page of this site.
  if (candidate.charCodeAt(0) !== 0x2f) return fallback
  let url: URL
  try {
    url = new URL(candidate, base)
  } catch {
    return fallback
  }
  if (url.origin !== base) return fallback
  const path = url.pathname + url.search + url.hash
  // `//x` as a result would be protocol-relative in a Location header.
  return path.startsWith("//") || path.startsWith("/\\") ? fallback : path
}
