/**
 * `Accept-Encoding` negotiation (RFC 9110 §12.5.3), shared by the hosts'
 * compression and `Content.File`'s precompressed siblings.
 */

/**
 * A content coding sitelets can write.
 *
 * @example
 * ```ts
 * const preferred: Encoding[] = ["br", "gzip"]
 * ```
 */
export type Encoding = "br" | "zstd" | "gzip"

/**
 * The q-value of each coding an `Accept-Encoding` value names (lower-case;
 * `x-gzip` counts as `gzip`). A malformed entry is skipped, never an error.
 *
 * @example
 * ```ts
 * acceptedEncodings("gzip;q=0.5, br, *;q=0") //=> Map { "gzip" => 0.5, "br" => 1, "*" => 0 }
 * ```
 */
export function acceptedEncodings(value: string): Map<string, number> {
  const accepted = new Map<string, number>()
  // A bounded number of entries: a hostile header cannot make this loop long.
  for (const entry of value.split(",", 64)) {
    const [rawName = "", ...parameters] = entry.split(";")
    let name = rawName.trim().toLowerCase()
    if (!/^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) continue
    if (name === "x-gzip") name = "gzip"
    let q = 1
    for (const parameter of parameters) {
      const [key = "", raw = ""] = parameter.split("=")
      if (key.trim().toLowerCase() !== "q") continue
      const text = raw.trim()
      q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(text) ? Number(text) : Number.NaN
    }
    if (!Number.isNaN(q) && !accepted.has(name)) accepted.set(name, q)
  }
  return accepted
}

/**
 * The coding to use: the offered one with the highest q-value above 0
 * (`*` stands for any coding not named; a tie goes to the server's
 * order), or undefined for none (no header, nothing acceptable: the body
 * goes uncompressed, never a 406).
 *
 * @example
 * ```ts
 * negotiate("gzip, br;q=0.8", ["br", "gzip"]) //=> "gzip"
 * negotiate("identity", ["br", "gzip"]) //=> undefined
 * ```
 */
export function negotiate(acceptEncoding: string | null, offered: readonly Encoding[]): Encoding | undefined {
  if (acceptEncoding === null) return undefined
  const accepted = acceptedEncodings(acceptEncoding)
  const any = accepted.get("*")
  let best: Encoding | undefined
  let bestQ = 0
  for (const encoding of offered) {
    const q = accepted.get(encoding) ?? any ?? 0
    if (q > bestQ) {
      best = encoding
      bestQ = q
    }
  }
  return best
}
