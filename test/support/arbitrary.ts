/**
 * fast-check arbitraries derived from descriptors: the same descriptors that
 * drive routing and JSON drive the property tests. Strings come from an
 * adversarial alphabet (URL delimiters, dots, percent signs, unicode, emoji).
 */
import fc from "fast-check"
import type { CaseDescriptor, Descriptor, FieldInput, Infer } from "../../src/descriptor/descriptor.js"
import { resolve } from "../../src/descriptor/composites.js"
import { caseFields } from "../../src/descriptor/fields.js"
import { defaultPathDateFormat, formatDate, parseDate } from "../../src/descriptor/date-format.js"

export interface ArbitraryOptions {
  /** Generate only values a URL can carry: non-empty strings everywhere. Default false. */
  readonly url?: boolean
  /** How deep recursive (`t.lazy`) values may go. Default 3. */
  readonly maxDepth?: number
}

/** Pieces that break naive routers: delimiters, dot segments, escapes, unicode. */
export const adversarialPieces = [
  "/",
  "%",
  "%2F",
  "%25",
  "?",
  "#",
  "&",
  "=",
  "+",
  ".",
  "..",
  "~",
  " ",
  "\\",
  ";",
  ":",
  "@",
  "é",
  "ß",
  "\u212A",
  "\u2028",
  "\uFF0F",
  "😀",
  "🏳️‍🌈",
  "__proto__",
  "constructor",
  "None",
  "Some",
  "true",
]

const adversarialString = (minLength: number) =>
  fc
    .array(fc.oneof(fc.constantFrom(...adversarialPieces), fc.string({ unit: "grapheme", maxLength: 4 })), {
      minLength,
      maxLength: 6,
    })
    .map((parts) => parts.join(""))
    .filter((text) => text.length >= minLength)

const dateArbitrary = (format: string | undefined) =>
  fc
    .integer({ min: Date.UTC(1, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59) })
    .map(
      (ms) => parseDate(formatDate(new Date(ms), format ?? defaultPathDateFormat)!, format ?? defaultPathDateFormat)!,
    )

/**
 * An arbitrary producing values of the descriptor's type.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(arbitraryOf(Site, { url: true }), (e) => …))
 * ```
 */
export function arbitraryOf<D extends Descriptor>(
  descriptor: D,
  options: ArbitraryOptions = {},
): fc.Arbitrary<Infer<D>> {
  return build(descriptor, options, 0) as fc.Arbitrary<Infer<D>>
}

function build(input: Descriptor, options: ArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  const maxDepth = options.maxDepth ?? 3
  // Each t.lazy hop is one level deeper; containers at the limit stop building (arbitraries are built eagerly).
  if (input.kind === "lazy") return build(resolve(input), options, depth + 1)
  const d = resolve(input)
  const deeper = (x: Descriptor) => build(x, options, depth)
  switch (d.kind) {
    case "file":
      return fc
        .tuple(fc.string({ maxLength: 20 }), fc.uint8Array({ maxLength: 64 }))
        .map(([name, bytes]) => new File([bytes], name === "" ? "file" : name, { type: "application/octet-stream" }))
    case "int":
      return fc
        .oneof(fc.integer({ min: -1000, max: 1000 }), fc.maxSafeInteger(), fc.integer())
        .map((n) => (Object.is(n, -0) ? 0 : n))
    case "float":
      return fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n))
    case "string":
      return adversarialString(options.url ? 1 : 0)
    case "bool":
      return fc.boolean()
    case "bigint":
      return fc.bigInt({ min: -(2n ** 128n), max: 2n ** 128n })
    case "datetime":
      return dateArbitrary(d.format)
    case "enum":
      return fc.constantFrom(...d.values.map(([, value]) => value))
    case "option":
      return depth >= maxDepth ? fc.constant(undefined) : fc.option(deeper(d.of), { nil: undefined })
    case "list":
      return depth >= maxDepth ? fc.constant(null).map(() => []) : fc.array(deeper(d.of), { maxLength: 4 })
    case "tuple":
      return fc.tuple(...d.items.map((item: Descriptor) => deeper(item)))
    case "map":
      return depth >= maxDepth
        ? fc.constant(null).map(() => ({}))
        : fc.dictionary(adversarialString(0), deeper(d.of), { maxKeys: 4 })
    case "record":
      return fieldsArbitrary(d, "record", options, depth)
    case "case":
      return fieldsArbitrary(d, "case", options, depth)
    case "union": {
      const tags = Object.keys(d.cases)
      const pick = depth >= maxDepth ? tags.slice(0, 1) : tags
      return fc.oneof(
        ...pick.map((tag) =>
          fieldsArbitrary(d.cases[tag] as CaseDescriptor, tag, options, depth).map((fields) => ({
            $: tag,
            ...(fields as object),
          })),
        ),
      )
    }
  }
}

function fieldsArbitrary(
  d: { readonly fields: Readonly<Record<string, FieldInput>> },
  name: string,
  options: ArbitraryOptions,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  const required: string[] = []
  for (const field of caseFields(d as CaseDescriptor, name)) {
    const inner = resolve(field.type)
    // Optional fields are absent rather than present-and-undefined, like parsed values.
    model[field.name] =
      field.optional && inner.kind === "option" ? build(inner.of, options, depth) : build(field.type, options, depth)
    if (!field.optional) required.push(field.name)
  }
  return fc.record(model, { requiredKeys: required })
}
