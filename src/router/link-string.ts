import { appendComponent, encodeComponent } from "./percent.js"
import type { TextCodec } from "./scalar.js"
import type { Alternative, Element } from "./shape.js"

/**
 * Writes the URL of one alternative's values straight to a string, or
 * returns undefined (or throws) when the general writer must decide: it then
 * gives the same URL or the `LinkError` naming the field.
 *
 * @example
 * ```ts
 * const write: UrlWriter = (value) => "/article/" + String(value.id)
 * ```
 */
export type UrlWriter = (value: Readonly<Record<string, unknown>>) => string | undefined

/** Texts the general writer refuses as a segment (it gives the LinkError): empty, `.` and `..`. */
const refused = (text: string): boolean => text.length <= 2 && (text === "" || text === "." || text === "..")

/**
 * Compiles an alternative to a direct URL writer (linking's hot path):
 * literal segments are encoded once here and runs of them joined into one
 * constant; each one-segment text field is converted and encoded onto the
 * URL (no copy for plain ASCII). Returns undefined for an alternative with
 * a query or form field or a field of several segments: those always take
 * the general writer.
 *
 * @example
 * ```ts
 * urlWriterOf(alternativesOf(t.case({ id: t.int }, EndPoint("/article/<id>")), "A", "A", "A")[0])?.({ id: 3 }) //=> "/article/3"
 * ```
 */
export function urlWriterOf(alternative: Alternative): UrlWriter | undefined {
  if (alternative.shape.params.length > 0) return undefined
  // The URL is before[0] field[0] before[1] field[1] … then last.
  const before: string[] = []
  const fields: Array<{ readonly name: string; readonly text: TextCodec }> = []
  let constant = ""
  for (const element of alternative.elements as readonly Element[]) {
    if ("literal" in element) {
      const encoded = encodeComponent(element.literal)
      if (encoded === undefined) return undefined
      constant += "/" + encoded
      continue
    }
    if (element.text === undefined) return undefined
    before.push(constant + "/")
    fields.push({ name: element.name, text: element.text })
    constant = ""
  }
  const last = constant
  if (fields.length === 0) {
    const url = last === "" ? "/" : last
    return () => url
  }
  return (value) => {
    let url: string | undefined = ""
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i] as (typeof fields)[number]
      const text = field.text.toText(value[field.name])
      if (refused(text)) return undefined
      // Encoded straight onto the URL: an escaped segment is not built as a string of its own first.
      url = appendComponent(url + (before[i] as string), text)
      if (url === undefined) return undefined
    }
    return url + last
  }
}
