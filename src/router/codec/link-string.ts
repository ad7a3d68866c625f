import { appendComponent, encodeComponent } from "../request/percent.js"
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

/**
 * Texts the general writer refuses as a segment (it gives the LinkError):
 * empty, `.` and `..`. Char codes, not `===`: comparing with a constant
 * string calls a builtin when the text is not known to be internalized.
 */
function refused(text: string): boolean {
  const length = text.length
  if (length > 2) return false
  return length === 0 || (text.charCodeAt(0) === 46 && (length === 1 || text.charCodeAt(1) === 46))
}

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
  // The URL is before[0] text[0] before[1] text[1] … then last; the text of field i is codecs[i].toText(value[names[i]]).
  const before: string[] = []
  const names: string[] = []
  const codecs: TextCodec[] = []
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
    names.push(element.name)
    codecs.push(element.text)
    constant = ""
  }
  const last = constant
  const count = names.length
  const endsWithField = last === ""
  if (count === 0) {
    const url = last === "" ? "/" : last
    return () => url
  }
  return (value) => {
    // The first field starts from its constant: no concatenation with an empty URL.
    let url: string | undefined = before[0] as string
    for (let i = 0; i < count; i++) {
      const text = (codecs[i] as TextCodec).toText(value[names[i] as string])
      if (refused(text)) return undefined
      // Encoded straight onto the URL: an escaped segment is not built as a string of its own first.
      url = appendComponent(i === 0 ? url : url + (before[i] as string), text)
      if (url === undefined) return undefined
    }
    return endsWithField ? url : url + last
  }
}
