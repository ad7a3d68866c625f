/**
 * `any`, `never`, `unknown` and a non-literal `string` as templates: a wide
 * `string` gives a wide case type (no error cascade), `any` behaves like
 * `string`, `never` gives `never`, and `unknown` is not a template.
 */
import { expectError, expectType } from "tsd"
import { t, type Infer, type TemplateCaseOutput, type ValidateTemplate, type WideCaseOutput } from "sitelets"

declare const wide: string
const Wide = t.union({ Home: "GET /", Any: wide })
expectType<{ $: "Home" } | { [field: string]: unknown; $: "Any" }>({} as Infer<typeof Wide>)
expectType<WideCaseOutput>({} as TemplateCaseOutput<string, {}>)
expectType<string>({} as ValidateTemplate<string, {}>)

const Case = t.case(wide)
expectType<WideCaseOutput>({} as Infer<typeof Case>)

expectType<WideCaseOutput>({} as TemplateCaseOutput<any, {}>)
expectType<any>({} as ValidateTemplate<any, {}>)

expectType<never>({} as TemplateCaseOutput<never, {}>)
expectType<never>({} as ValidateTemplate<never, {}>)

declare const notATemplate: unknown
expectError(t.union({ A: notATemplate }))
expectError(t.case(notATemplate))

// A union of literal templates is checked member by member.
expectType<"/a" | "Empty field name in '<>'">({} as ValidateTemplate<"/a" | "/<>", {}>)
expectType<{ id: number } | { slug: string }>({} as TemplateCaseOutput<"/<id:int>" | "/<slug>", {}>)
