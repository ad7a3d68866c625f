/**
 * The type-level half of the shared fixture table, checked by `tsc --noEmit`
 * (`npm run typecheck`) against the source types: for every valid row,
 * `TemplateCaseOutput` equals `FieldsOutput` of the expected fields; for every
 * invalid row, `ValidateTemplate` is exactly the runtime's sentence.
 * A failing row shows up by its template in the compile error.
 */
import type { FieldsOutput } from "../../src/descriptor/fields-output.js"
import type { TemplateCaseOutput, ValidateTemplate } from "../../src/template/parse-template.js"
import type { invalidTemplates, validTemplates } from "../fixtures/templates.js"

type Equal<Left, Right> =
  (<Probe>() => Probe extends Left ? 1 : 2) extends <Probe>() => Probe extends Right ? 1 : 2 ? true : false

type ValidMismatch<Row> = Row extends {
  template: infer Template extends string
  extra: infer Extra
  fields: infer Fields
}
  ? Fields extends Readonly<Record<string, any>>
    ? Equal<TemplateCaseOutput<Template, Extra>, FieldsOutput<Fields>> extends true
      ? Equal<ValidateTemplate<Template, Extra>, Template> extends true
        ? never
        : Template
      : Template
    : Template
  : never

type InvalidMismatch<Row> = Row extends {
  template: infer Template extends string
  extra: infer Extra
  error: infer Sentence
}
  ? Equal<ValidateTemplate<Template, Extra>, Sentence> extends true
    ? Equal<TemplateCaseOutput<Template, Extra>, never> extends true
      ? never
      : Template
    : Template
  : never

/** The templates of rows where the type level disagrees with the table: must be none. */
export type ValidFailures = ValidMismatch<(typeof validTemplates)[number]>
/** Same for the invalid rows. */
export type InvalidFailures = InvalidMismatch<(typeof invalidTemplates)[number]>

// On a mismatch the expected type becomes the failing rows' templates, so the error names them.
export const validRowsAgree: [ValidFailures] extends [never] ? true : ValidFailures = true
export const invalidRowsAgree: [InvalidFailures] extends [never] ? true : InvalidFailures = true
// Both tables are non-empty, so the checks above cannot pass vacuously.
export const validRowsExist: Equal<(typeof validTemplates)["length"] extends 0 ? true : false, false> = true
export const invalidRowsExist: Equal<(typeof invalidTemplates)["length"] extends 0 ? true : false, false> = true
