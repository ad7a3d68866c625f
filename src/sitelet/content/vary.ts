/**
 * `Vary`: the request headers an answer depends on. CORS adds `Origin`,
 * compression adds `Accept-Encoding`; each merges its token into the
 * answer's one `Vary` header instead of adding a second.
 */
import { type ContentHeader, header } from "../content-model.js"

/**
 * The headers with `token` in `Vary`: appended to the first `Vary` header
 * unless it lists the token or `*` already, else a new `Vary` header.
 *
 * @example
 * ```ts
 * withVary([["Vary", "Origin"]], "Accept-Encoding") //=> [["Vary", "Origin, Accept-Encoding"]]
 * withVary([], "Origin") //=> [["Vary", "Origin"]]
 * ```
 */
export function withVary(headers: readonly ContentHeader[], token: string): ContentHeader[] {
  const lower = token.toLowerCase()
  const out: ContentHeader[] = []
  let merged = false
  for (const [name, value] of headers) {
    if (!merged && name.toLowerCase() === "vary") {
      const listed = value.split(",").some((item) => {
        const listedToken = item.trim().toLowerCase()
        return listedToken === lower || listedToken === "*"
      })
      out.push(listed ? [name, value] : header(name, value.trim() === "" ? token : `${value}, ${token}`))
      merged = true
    } else out.push([name, value])
  }
  if (!merged) out.push(header("Vary", token))
  return out
}
