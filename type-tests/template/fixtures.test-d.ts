/**
 * The shared fixture table (test/fixtures/templates.ts), checked against the
 * BUILT declarations: for every valid row, `TemplateCaseOutput` from
 * `sitelets` equals `FieldsOutput` of the expected fields and the template
 * validates to itself; for every invalid row, `ValidateTemplate` is exactly
 * the sentence the runtime throws. A failing row is named in the error.
 */
import { expectTypeOf } from "expect-type"
import type { FieldsOutput, TemplateCaseOutput, ValidateTemplate } from "sitelets"
import type { invalidTemplates, validTemplates } from "../../test/fixtures/templates.js"

type Equal<Left, Right> =
  (<Probe>() => Probe extends Left ? 1 : 2) extends <Probe>() => Probe extends Right ? 1 : 2 ? true : false

type ValidMismatch<Row> = Row extends {
  template: infer Template extends string
  extra: infer Extra
  fields: infer Fields
}
  ? Fields extends Readonly<Record<string, any>>
    ? [
        Equal<TemplateCaseOutput<Template, Extra>, FieldsOutput<Fields>>,
        Equal<ValidateTemplate<Template, Extra>, Template>,
      ] extends [true, true]
      ? never
      : Template
    : Template
  : never

type InvalidMismatch<Row> = Row extends {
  template: infer Template extends string
  extra: infer Extra
  error: infer Sentence
}
  ? [Equal<ValidateTemplate<Template, Extra>, Sentence>, Equal<TemplateCaseOutput<Template, Extra>, never>] extends [
      true,
      true,
    ]
    ? never
    : Template
  : never

expectTypeOf({} as ValidMismatch<(typeof validTemplates)[number]>).toEqualTypeOf<never>()
expectTypeOf({} as InvalidMismatch<(typeof invalidTemplates)[number]>).toEqualTypeOf<never>()
// The rows exist (the checks above cannot pass on an empty table).
expectTypeOf({} as Equal<(typeof validTemplates)["length"], 0>).toEqualTypeOf<false>()
expectTypeOf({} as Equal<(typeof invalidTemplates)["length"], 0>).toEqualTypeOf<false>()
