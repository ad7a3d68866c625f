/**
 * The sentences of a handler whose answer breaks its case's declaration
 * (`Returns`, `Responds`), as types: `Sitelet.Infer` reports them at the
 * case's property, on the first line of the diagnostic, instead of an
 * assignability error six levels deep. Only computed when a handler
 * object fails its check: a correct one costs one relation check.
 */
import type { Infer, ResponseMap } from "../descriptor/descriptor.js"
import type { MediaAnswer } from "../descriptor/media.js"
import type { NoBody } from "../descriptor/no-body.js"
import type { JsonContent } from "./json-content.js"

/**
 * The sentence of a case answering a status it does not declare.
 *
 * @example
 * ```ts
 * type S = UndeclaredStatus<"DeletePost", 500> //=> "Sitelet.Infer: case 'DeletePost' does not declare status 500"
 * ```
 */
export type UndeclaredStatus<
  Case extends string,
  Code extends number,
> = `Sitelet.Infer: case '${Case}' does not declare status ${Code}`

/**
 * The sentence of a case answering a declared status with a field of
 * another type, or without a field the declaration requires.
 *
 * @example
 * ```ts
 * type S = WrongField<"ListPosts", 200, "page", string, number> //=> "Sitelet.Infer: case 'ListPosts' answers 200 with 'page': string where the declaration says number"
 * ```
 */
export type WrongField<Case extends string, Code extends number, Field extends string, Got, Want> = [Got] extends [
  Missing,
]
  ? `Sitelet.Infer: case '${Case}' answers ${Code} without '${Field}', which the declaration says is ${TypeName<Want>}`
  : `Sitelet.Infer: case '${Case}' answers ${Code} with '${Field}': ${TypeName<Got>} where the declaration says ${TypeName<Want>}`

/**
 * The sentence of a case answering a declared status with a value of
 * another shape (not a record field: a list, a scalar, a union case).
 *
 * @example
 * ```ts
 * type S = WrongValue<"Count", 200, string, number[]> //=> "Sitelet.Infer: case 'Count' answers 200 with string where the declaration says an array"
 * ```
 */
export type WrongValue<
  Case extends string,
  Code extends number,
  Got,
  Want,
> = `Sitelet.Infer: case '${Case}' answers ${Code} with ${TypeName<Got>} where the declaration says ${TypeName<Want>}`

/**
 * The sentence of a case answering JSON at a status declared `NoBody`.
 *
 * @example
 * ```ts
 * type S = JsonAtNoBody<"DeletePost", 204> //=> "Sitelet.Infer: case 'DeletePost' declares 204 without a body: answer Content.NoContent()"
 * ```
 */
export type JsonAtNoBody<
  Case extends string,
  Code extends number,
> = `Sitelet.Infer: case '${Case}' declares ${Code} without a body: answer Content.NoContent()`

/**
 * The sentence of a case answering JSON at a status declared `Media(type)`.
 *
 * @example
 * ```ts
 * type S = JsonAtMedia<"Login", 401, "text/html"> //=> "Sitelet.Infer: case 'Login' declares 401 as text/html: answer it with a page, text or a file, not Content.Json"
 * ```
 */
export type JsonAtMedia<
  Case extends string,
  Code extends number,
  Type extends string,
> = `Sitelet.Infer: case '${Case}' declares ${Code} as ${Type}: answer it with a page, text or a file, not Content.Json`

/**
 * The sentences for one case's handler result (a union of contents:
 * each `Content.Json` is checked against the declaration), `never` when
 * it keeps the declaration.
 *
 * @example
 * ```ts
 * type S = AnswerProblem<"ListPosts", JsonContent<{ page: string }, 200>, { 200: typeof Page }>
 * //=> "Sitelet.Infer: case 'ListPosts' answers 200 with 'page': string where the declaration says number"
 * ```
 */
export type AnswerProblem<Case extends string, Result, Declared extends ResponseMap> =
  Result extends JsonContent<infer Value, infer Code>
    ? Code extends keyof Declared
      ? Declared[Code] extends NoBody
        ? JsonAtNoBody<Case, Code>
        : Declared[Code] extends MediaAnswer<infer Type>
          ? JsonAtMedia<Case, Code, Type>
          : ValueProblem<Case, Code, Value, Infer<Declared[Code]>>
      : UndeclaredStatus<Case, Code>
    : never

type ValueProblem<Case extends string, Code extends number, Got, Want> = [Got] extends [Want]
  ? never
  : // Each member of a union answer on its own: the one that breaks the declaration is named.
    Got extends unknown
    ? [Got] extends [Want]
      ? never
      : [Got, Want] extends [Plain, Plain]
        ? FieldProblems<Case, Code, Got, Want> extends infer Problems extends string
          ? [Problems] extends [never]
            ? WrongValue<Case, Code, Got, Want>
            : Problems
          : never
        : WrongValue<Case, Code, Got, Want>
    : never

// One sentence per declared field that is missing or of another type.
type FieldProblems<Case extends string, Code extends number, Got, Want> = {
  [Field in keyof Want & string]-?: Field extends keyof Got
    ? [Got[Field]] extends [Want[Field]]
      ? never
      : WrongField<Case, Code, Field, Got[Field], Want[Field]>
    : undefined extends Want[Field]
      ? never
      : WrongField<Case, Code, Field, Missing, Want[Field]>
}[keyof Want & string]

/** A record-like value: an object that is no array, date, bigint or function. */
type Plain = object & { readonly length?: never; readonly getTime?: never }

declare const missing: unique symbol
/**
 * Stands for an absent field in {@link WrongField}.
 *
 * @example
 * ```ts
 * type S = WrongField<"GetPost", 200, "title", Missing, string> //=> "… answers 200 without 'title', which the declaration says is string"
 * ```
 */
export type Missing = typeof missing

/** A short name of a type for a sentence: `string`, `number | undefined`, `an array`, `an object`. */
type TypeName<T> = Join<NameOf<T>>

type NameOf<T> = T extends string
  ? string extends T
    ? "string"
    : `"${T}"`
  : T extends number
    ? number extends T
      ? "number"
      : `${T}`
    : T extends boolean
      ? "boolean"
      : T extends bigint
        ? "bigint"
        : T extends undefined
          ? "undefined"
          : T extends null
            ? "null"
            : T extends Date
              ? "Date"
              : T extends readonly unknown[]
                ? "an array"
                : "an object"

/** The members of a union of strings joined with ` | ` (for a sentence; only on a failing check). */
type Join<Names extends string, Done extends string = ""> = [Names] extends [never]
  ? Done
  : LastOf<Names> extends infer Last extends string
    ? Join<Exclude<Names, Last>, Done extends "" ? Last : `${Last} | ${Done}`>
    : Done

type LastOf<U> = (
  (U extends unknown ? (x: () => U) => void : never) extends (x: infer I) => void
    ? I
    : never
) extends () => infer Last
  ? Last
  : never

/**
 * A sentence as a type only itself satisfies: a value of any other type is
 * reported as `Property '"<sentence>"' is missing in type …`, the sentence
 * first, however long the value's own type is.
 *
 * @example
 * ```ts
 * type R = Reported<"Sitelet.Infer: case 'Count' does not declare status 500"> //=> { readonly "Sitelet.Infer: …": true }
 * ```
 */
export type Reported<Sentence extends string> = { readonly [Key in Sentence]: true }

/**
 * What a handler function must be to pass, when it does not: one of its own
 * parameters returning the sentence, so that the checker reports an
 * expression-bodied handler at its return expression, with the sentence
 * first (the handler's own type, with its context's, would come first at
 * the property).
 *
 * @example
 * ```ts
 * type F = ReportedAt<(ctx: C, e: E) => JsonContent<X, 200>, "…"> //=> (ctx: C, e: E) => Reported<"…">
 * ```
 */
export type ReportedAt<Run, Sentence extends string> = Run extends (...args: infer Args) => unknown
  ? (...args: Args) => Reported<Sentence>
  : Reported<Sentence>

/**
 * The handler object with each case whose answers break its declaration
 * replaced by a function returning the sentence saying how: an
 * expression-bodied handler is then reported at its return expression, the
 * sentence first (`Property '"Sitelet.Infer: case 'ListPosts' answers 200
 * with 'page': string where the declaration says number"' is missing in
 * type 'JsonContent<…>'`); a block-bodied one at its property, the sentence
 * on the second line.
 *
 * @example
 * ```ts
 * type Checked = DeclaredAnswersChecked<typeof handlers, ResponsesOf<typeof Api>>
 * ```
 */
export type DeclaredAnswersChecked<Handlers, Responses> = {
  [Case in keyof Handlers]: Case extends keyof Responses & string
    ? Responses[Case] extends infer Declared extends ResponseMap
      ? AnswerProblem<Case, ResultOf<Handlers[Case]>, Declared> extends infer Problem extends string
        ? [Problem] extends [never]
          ? Handlers[Case]
          : ReportedAt<Handlers[Case], Problem>
        : Handlers[Case]
      : Handlers[Case]
    : Handlers[Case]
}

type ResultOf<Run> = Run extends (...args: never[]) => infer Result ? Awaited<Result> : never
