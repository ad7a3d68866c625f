/**
 * A union case written as a route template, parsed when first read. The
 * template parser (with every sentence it may print) belongs to the router
 * and the JSON codec, which read a case's fields; `t.union` only keeps the
 * template, so a front end that links without them carries no parser. When
 * the parser is loaded before the declaration runs (on a server, and from
 * any entry that imports the router), the template is parsed at once and a
 * bad one throws at the declaration, as it always did; otherwise it throws
 * the same sentence on the first read.
 */
import type { CaseAttribute, CaseDescriptor, FieldInput } from "./descriptor.js"
import * as builderMessages from "./builder-messages.js"
import { withStandard } from "./standard.js"

/** The template parser: a case descriptor, or a throw with the template's sentence. */
export type TemplateParser = (template: string, extra: Readonly<Record<string, FieldInput>>) => CaseDescriptor

// `var` on purpose, as in standard.ts: read at call time only, never in a TDZ when builders run early in a cycle.
// eslint-disable-next-line no-var
var parser: TemplateParser | undefined

/**
 * Called once by the module that reads case fields (descriptor/fields.ts)
 * when it loads.
 *
 * @example
 * ```ts
 * registerTemplateParser(parseTemplate)
 * ```
 */
export function registerTemplateParser(parse: TemplateParser): void {
  parser = parse
}

/**
 * Where a template case not parsed yet keeps its template, extra fields and
 * attributes: the link writer (`sitelets/link`) reads them without the parser.
 */
export const templateOf: unique symbol = Symbol("sitelets.template")

/** What a template case not parsed yet keeps under {@link templateOf}. */
export interface TemplateSource {
  readonly template: string
  readonly extra: Readonly<Record<string, FieldInput>>
  readonly attributes: readonly CaseAttribute[]
}

const withAttributes = (parsed: CaseDescriptor, attributes: readonly CaseAttribute[]): readonly CaseAttribute[] =>
  attributes.length === 0 ? parsed.attributes : Object.freeze([...parsed.attributes, ...attributes])

/**
 * The case of a template, with extra fields and attributes after it.
 *
 * @example
 * ```ts
 * templateCase("GET /users/<id:int>", {}, [Returns(User)]).fields //=> { id: t.int }
 * ```
 */
export function templateCase(
  template: string,
  extra: Readonly<Record<string, FieldInput>>,
  attributes: readonly CaseAttribute[],
): CaseDescriptor {
  if (parser !== undefined) {
    const parsed = parser(template, extra)
    return attributes.length === 0
      ? parsed
      : Object.freeze({ ...parsed, attributes: withAttributes(parsed, attributes) })
  }
  let parsed: { readonly fields: CaseDescriptor["fields"]; readonly attributes: readonly CaseAttribute[] } | undefined
  const read = () => {
    if (parsed !== undefined) return parsed
    if (parser === undefined) throw new Error(builderMessages.templateUnread(template))
    const descriptor = parser(template, extra)
    return (parsed = { fields: descriptor.fields, attributes: withAttributes(descriptor, attributes) })
  }
  const lazy = Object.defineProperties(
    {},
    {
      kind: { value: "case", enumerable: true },
      fields: { get: () => read().fields, enumerable: true },
      attributes: { get: () => read().attributes, enumerable: true },
      [templateOf]: { value: Object.freeze({ template, extra, attributes }) },
    },
  )
  return Object.freeze(withStandard(lazy)) as unknown as CaseDescriptor
}
