/**
 * Generated route declarations and request targets for the properties that
 * hold a router to the runtime router's answers (the compiled table, the
 * methods of a path): template cases of literals, int, string and bool
 * segments, methods (none among them), one in ten with a wildcard or a
 * query field; targets with escapes, malformed escapes, ints out of range,
 * dot and empty segments, surrogates, queries and fragments.
 */
import fc from "fast-check"

/** The literal segments declarations and targets share. */
const literals = ["a", "b", "blog", "x-y", "1", "users"]
/** A template segment: a literal or a hole of a scalar type. */
const segment = fc.oneof(
  fc.constantFrom(...literals).map((literal) => ({ literal })),
  fc.constantFrom("int", "string", "int", "string", "bool").map((type) => ({ type })),
)
/** A case's route template. */
const caseTemplate = fc
  .record({
    method: fc.constantFrom("", "GET ", "POST ", "GET|PUT ", "DELETE "),
    segments: fc.array(segment, { maxLength: 3 }),
    // One case in ten has a wildcard, one in ten a query field: most are the table's own.
    rest: fc.nat(9).map((n) => n === 0),
    query: fc.nat(9).map((n) => n === 0),
  })
  .map(({ method, segments, rest, query }) => {
    let field = 0
    const path = segments.map((piece) => ("literal" in piece ? piece.literal : `<f${field++}:${piece.type}>`))
    if (rest) path.push("<...rest>")
    return `${method}/${path.join("/")}${query ? "?q=<q:int?>" : ""}`
  })
/** A union's templates (one to eight cases), e.g. `["GET /a/<f0:int>", "/b"]`. */
export const declaration = fc.array(caseTemplate, { minLength: 1, maxLength: 8 })

/** A segment of a target, plain or hostile. */
const targetSegment = fc.constantFrom(
  ...literals,
  "7",
  "-0",
  "007",
  "-12",
  "99999999999999999",
  "1e3",
  "true",
  "x",
  "%61",
  "a%2Fb",
  "%zz",
  "..",
  ".",
  "",
  "é",
  "\uD83D\uDE00",
  "\uD800",
  "a\\b",
  "a b",
  "~!$&'()*+,;=:@",
)
/** A request target, e.g. `/a/%zz/?q=3`. */
export const target = fc
  .record({
    segments: fc.array(targetSegment, { maxLength: 5 }),
    trailing: fc.boolean(),
    query: fc.constantFrom("", "?q=3", "?q=x", "?q=%zz", "?", "?a=1&q=2", "#top", "?q=\uDC00", "?q=a\\b", "?q=%33"),
  })
  .map(({ segments, trailing, query }) => `/${segments.join("/")}${trailing ? "/" : ""}${query}`)
/** A request method, a lower-case one among them. */
export const method = fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "get")
/** A query or fragment for targets spelled after a template. */
const query = fc.constantFrom("", "?q=3", "?q=%zz", "#top", "?q=\uDC00")

/**
 * A target spelled after one of the declaration's templates: its literals kept (or one replaced), its holes filled
 * with any segment (an escape, a surrogate, a dot or empty one among them).
 */
export const spelledAfter = (templates: readonly string[]) =>
  fc
    .tuple(fc.nat(templates.length - 1), fc.array(targetSegment, { minLength: 6, maxLength: 6 }), fc.nat(8), query)
    .map(([index, fills, replaced, tail]) => {
      const template = templates[index] as string
      const path = template.slice(template.indexOf("/")).split("?")[0] as string
      const pieces = path
        .split("/")
        .slice(1)
        .filter((piece) => piece !== "")
        .map((piece, i) => (piece.startsWith("<") || i === replaced ? (fills[i] as string) : piece))
      return `/${pieces.join("/")}${tail}`
    })

/**
 * A target that throws when a character past its end (or before its start)
 * is read: route tables must test the length first (a read past the end
 * deoptimizes V8's code for the function that makes it).
 */
export class Bounded extends String {
  override charCodeAt(index: number): number {
    if (!(index >= 0 && index < this.length)) throw new RangeError(`read at ${index} of "${this}" (${this.length})`)
    return super.charCodeAt(index)
  }
}

/** A declaration and twenty requests: a method and a target, generated or spelled after the declaration's templates. */
export const declarationAndRequests = declaration.chain((templates) =>
  fc.tuple(
    fc.constant(templates),
    fc.array(fc.tuple(method, fc.oneof(target, spelledAfter(templates))), { minLength: 20, maxLength: 20 }),
  ),
)

/** A GitHub route's path with its holes filled, and 14 variants: escapes, bad ints, slashes, dots, queries, case. */
export function variantsOf(path: string): string[] {
  const sample = path.replace(/:\w+/g, "v")
  return [
    sample,
    sample.replace(/v/, "a%20b"),
    sample.replace(/v/, "%zz"),
    sample.replace(/v/, "7"),
    sample.replace(/v/, "99999999999999999"),
    `${sample}/`,
    `${sample}/extra`,
    `/${sample}`,
    sample.replace("/", "//"),
    `${sample}/..`,
    `${sample}?x=1`,
    `${sample}?x=%zz`,
    `${sample}#frag`,
    sample.toUpperCase(),
    `${sample}é`,
  ]
}
