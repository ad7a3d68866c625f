/**
 * The Standard Schema v1 interface (https://standardschema.dev), copied as
 * its authors recommend for libraries (MIT, © Colin McDonnell, Fabian
 * Hiller, Ryan Carniato): the published `.d.ts` then needs no
 * `@standard-schema/spec` install. It is structurally identical to
 * `StandardSchemaV1` from `@standard-schema/spec` 1.x, so the two are
 * interchangeable (a test checks it).
 */

/**
 * The Standard Schema interface.
 *
 * @example
 * ```ts
 * const schema: StandardSchemaV1<unknown, number> = t.int
 * schema["~standard"].validate(1) //=> { value: 1 }
 * ```
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  /** The Standard Schema properties. */
  readonly "~standard": StandardSchemaV1.Props<Input, Output>
}

// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace StandardSchemaV1 {
  /** The Standard Schema properties interface. */
  export interface Props<Input = unknown, Output = Input> {
    /** The version number of the standard. */
    readonly version: 1
    /** The vendor name of the schema library. */
    readonly vendor: string
    /** Validates unknown input values. */
    readonly validate: (value: unknown, options?: Options | undefined) => Result<Output> | Promise<Result<Output>>
    /** Inferred types associated with the schema. */
    readonly types?: Types<Input, Output> | undefined
  }
  /** The result interface of the validate function. */
  export type Result<Output> = SuccessResult<Output> | FailureResult
  /** The result interface if validation succeeds. */
  export interface SuccessResult<Output> {
    /** The typed output value. */
    readonly value: Output
    /** A falsy value for `issues` indicates success. */
    readonly issues?: undefined
  }
  /** Options of `validate`. */
  export interface Options {
    /** Explicit support for additional vendor-specific parameters, if needed. */
    readonly libraryOptions?: Record<string, unknown> | undefined
  }
  /** The result interface if validation fails. */
  export interface FailureResult {
    /** The issues of failed validation. */
    readonly issues: ReadonlyArray<Issue>
  }
  /** The issue interface of the failure output. */
  export interface Issue {
    /** The error message of the issue. */
    readonly message: string
    /** The path of the issue, if any. */
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined
  }
  /** The path segment interface of the issue. */
  export interface PathSegment {
    /** The key representing a path segment. */
    readonly key: PropertyKey
  }
  /** The Standard types interface. */
  export interface Types<Input = unknown, Output = Input> {
    /** The input type of the schema. */
    readonly input: Input
    /** The output type of the schema. */
    readonly output: Output
  }
  /** Infers the input type of a Standard Schema. */
  export type InferInput<Schema extends StandardSchemaV1> = NonNullable<Schema["~standard"]["types"]>["input"]
  /** Infers the output type of a Standard Schema. */
  export type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema["~standard"]["types"]>["output"]
}

/**
 * The converter of Standard JSON Schema (`StandardJSONSchemaV1.Converter`
 * of `@standard-schema/spec` 1.1), copied for the same reason: a
 * descriptor's `~standard.jsonSchema`, read by tools that want a JSON
 * Schema of any schema library's types.
 *
 * @example
 * ```ts
 * t.int["~standard"].jsonSchema.output({ target: "draft-2020-12" }) //=> { $schema: "…", type: "integer", … }
 * ```
 */
export interface StandardJSONSchemaConverter {
  /** Converts the input type to JSON Schema. May throw if conversion is not supported. */
  readonly input: (options: StandardJSONSchemaOptions) => Record<string, unknown>
  /** Converts the output type to JSON Schema. May throw if conversion is not supported. */
  readonly output: (options: StandardJSONSchemaOptions) => Record<string, unknown>
}

/**
 * The options of a Standard JSON Schema conversion.
 *
 * @example
 * ```ts
 * const options: StandardJSONSchemaOptions = { target: "draft-2020-12" }
 * ```
 */
export interface StandardJSONSchemaOptions {
  /** `"draft-2020-12"` (sitelets' one target), `"draft-07"`, `"openapi-3.0"` or another. */
  readonly target: "draft-2020-12" | "draft-07" | "openapi-3.0" | ({} & string)
  readonly libraryOptions?: Record<string, unknown> | undefined
}
