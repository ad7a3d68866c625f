/**
 * Sentences of the JSON codec. Each is written once here; the codec and the
 * tests import these writers instead of retyping them.
 *
 * @example
 * ```ts
 * jsonMessages.mismatch("$.items[2].id", "int", '"x"') //=> '$.items[2].id: expected int, got "x"'
 * ```
 */
export const jsonMessages = {
  noSchema: (kind: string) => `Json.Schema: no JSON Schema for a '${kind}' descriptor`,
  fileNotJson: "t.file is an uploaded file: it belongs in a FormData field, not in JSON",
  /** The one shape of every decoding and serialization error: `$.items[2].id: expected int, got "x"`. */
  mismatch: (path: string, expected: string, received: string) => `${path}: expected ${expected}, got ${received}`,
  /** What a missing field is reported as having. */
  missing: "nothing",
  /** What a value nested too deeply is reported as having. */
  tooDeep: "deeper nesting",
  depthLimit: (maxDepth: number) => `at most ${maxDepth} levels of nesting`,
  /** What a value nested deeper than the call stack can follow is reported against (under a very high maxDepth). */
  stackDepth: "nesting this runtime's call stack can follow (set a lower maxDepth)",
  bigintDigits: (maxDigits: number) => `a bigint string of at most ${maxDigits} digits`,
  oneOfTags: (tags: readonly string[]) => `a tag in ${tags.map((tag) => JSON.stringify(tag)).join(" | ")}`,
  oneOfNumbers: (values: readonly number[]) => `one of ${values.join(" | ")}`,
  tupleOf: (length: number) => `an array of length ${length}`,
  dateIn: (format: string) => `a date string "${format}"`,
  isoDate: "an ISO 8601 date string",
  validDate: "a valid Date in years 0000-9999",
  /** What `Json.Parse` and `Json.Deserialize` expect. */
  jsonText: "JSON text",
  /** What `Json.Stringify` and a `Json(schema)` field expect: something `JSON.stringify` can write. */
  jsonValue: "a JSON value",
  /** Compile-time problems with a descriptor (thrown as TypeError). */
  tagFieldClash: (caseName: string, key: string) =>
    `Case '${caseName}': field '${key}' clashes with the union's tag ('$' in values, the NamedUnionCases key in JSON)`,
  duplicateTag: (tag: string) => `Two union cases carry the JSON tag '${tag}'`,
  invalidLimit: (name: string, value: unknown) =>
    `Json options: ${name} must be a positive integer, got ${String(value)}`,
} as const

/** Two different records (or one of a document's own schemas) under one `Name`: an export of its own (bundles). */
export const schemaNameTaken = (name: string) =>
  `Json.Schema: two different schemas are named '${name}' (give one record another Name, or declare it once and use it in both places)`
