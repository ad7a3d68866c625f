import { Json as JsonAttribute } from "../../descriptor/attributes.js"
import { activate, decode, deserialize, encode, serialize } from "./codec.js"
import { parseJson, stringifyJson } from "../parse.js"
import { jsonSchemaOf } from "../json-schema.js"

/**
 * The codec members of `Json`, next to its use as an attribute.
 *
 * @example
 * ```ts
 * const codec: JsonCodec = Json
 * codec.Serialize(t.int, 1) //=> "1"
 * ```
 */
export interface JsonCodec {
  /**
   * A typed value as JSON text. @example `Json.Serialize(t.list(t.int), [1, 2]) //=> "[1,2]"`
   */
  readonly Serialize: typeof serialize
  /**
   * JSON text parsed and checked. @example `Json.Deserialize(t.bigint, '"12"') //=> 12n`
   */
  readonly Deserialize: typeof deserialize
  /**
   * A typed value as a plain JSON value. @example `Json.Encode(t.bigint, 12n) //=> "12"`
   */
  readonly Encode: typeof encode
  /**
   * A plain JSON value checked and typed. @example `Json.Decode(t.option(t.int), null) //=> undefined`
   */
  readonly Decode: typeof decode
  /**
   * Plain `JSON.parse` (no descriptor), throwing `JsonError`. @example `Json.Parse("[1]") //=> [1]`
   */
  readonly Parse: typeof parseJson
  /**
   * Plain `JSON.stringify` (no descriptor). @example `Json.Stringify({ a: 1 }) //=> '{"a":1}'`
   */
  readonly Stringify: typeof stringifyJson
  /**
   * A trusted plain JSON value typed without validation. @example `Json.Activate(t.datetime, "2026-11-22T00:00:00Z")`
   */
  readonly Activate: typeof activate
  /**
   * The JSON Schema (draft 2020-12) of a descriptor's JSON form. @example `Json.Schema(t.list(t.int))`
   */
  readonly Schema: typeof jsonSchemaOf
}

/**
 * `Json` is both the attribute (`Json("post")` on a case, `Json(Post)` or
 * `Json(zodSchema)` on a field) and the JSON codec namespace.
 * Laws: `Json.Stringify(Json.Encode(d, x)) === Json.Serialize(d, x)`,
 * `Json.Decode(d, Json.Parse(s))` deep-equals `Json.Deserialize(d, s)`, and
 * `Json.Deserialize(d, Json.Serialize(d, x))` deep-equals `x`.
 *
 * @example
 * ```ts
 * const Post = t.record({ id: t.int, at: t.datetime, tags: t.list(t.string) })
 * Json.Serialize(Post, { id: 1, at: new Date(0), tags: [] })
 * //=> '{"id":1,"at":"1970-01-01T00:00:00.000Z","tags":[]}'
 * t.case("POST /posts", { post: Json(Post) })
 * ```
 */
export const Json: typeof JsonAttribute & JsonCodec = Object.freeze(
  Object.assign(
    function Json(arg: Parameters<typeof JsonAttribute>[0]) {
      return JsonAttribute(arg as string)
    } as typeof JsonAttribute,
    {
      Serialize: serialize,
      Deserialize: deserialize,
      Encode: encode,
      Decode: decode,
      Parse: parseJson,
      Stringify: stringifyJson,
      Activate: activate,
      Schema: jsonSchemaOf,
    },
  ),
)
