/**
 * `any`, `never`, `unknown` and a non-literal `string` as templates: a wide
 * `string` gives a wide case type (no error cascade), `any` behaves like
 * `string`, `never` gives `never`, and `unknown` is not a template.
 */
import { expectTypeOf } from "expect-type"
import { t, type Infer, type TemplateCaseOutput, type ValidateTemplate, type WideCaseOutput } from "sitelets"

declare const wide: string
const Wide = t.union({ Home: "GET /", Any: wide })
expectTypeOf({} as Infer<typeof Wide>).toEqualTypeOf<{ $: "Home" } | { [field: string]: unknown; $: "Any" }>()
expectTypeOf({} as TemplateCaseOutput<string, {}>).toEqualTypeOf<WideCaseOutput>()
expectTypeOf({} as ValidateTemplate<string, {}>).toEqualTypeOf<string>()

const Case = t.case(wide)
expectTypeOf({} as Infer<typeof Case>).toEqualTypeOf<WideCaseOutput>()

expectTypeOf({} as TemplateCaseOutput<any, {}>).toEqualTypeOf<WideCaseOutput>()
expectTypeOf({} as ValidateTemplate<any, {}>).toEqualTypeOf<any>()

expectTypeOf({} as TemplateCaseOutput<never, {}>).toEqualTypeOf<never>()
expectTypeOf({} as ValidateTemplate<never, {}>).toEqualTypeOf<never>()

declare const notATemplate: unknown
// @ts-expect-error
t.union({ A: notATemplate })
// @ts-expect-error
t.case(notATemplate)

// A union of literal templates is checked member by member.
expectTypeOf({} as ValidateTemplate<"/a" | "/<>", {}>).toEqualTypeOf<"/a" | "Empty field name in '<>'">()
expectTypeOf({} as TemplateCaseOutput<"/<id:int>" | "/<slug>", {}>).toEqualTypeOf<{ id: number } | { slug: string }>()
