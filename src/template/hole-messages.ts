/**
 * The route-template error sentences about holes (`<name:type>`): a
 * function (thrown by the runtime parser) and, right under it, the
 * template-literal type of the same name (the compile error at the call
 * site). The other sentences are in messages.ts, which re-exports these.
 */
/**
 * The parameter types a hole may name, as the sentences list them.
 *
 * @example
 * ```ts
 * expectedTypes //=> "int | float | string | bool | bigint | datetime"
 * ```
 */
export const expectedTypes = "int | float | string | bool | bigint | datetime"

/**
 * A hole names a type outside the table.
 *
 * @example
 * ```ts
 * unknownType("integer", "<id:integer>")
 * //=> "Unknown parameter type 'integer' in '<id:integer>' (expected int | float | string | bool | bigint | datetime)"
 * ```
 */
export const unknownType = <Spec extends string, Hole extends string>(
  spec: Spec,
  hole: Hole,
): UnknownType<Spec, Hole> => `Unknown parameter type '${spec}' in '${hole}' (expected ${expectedTypes})`

/**
 * Type twin of {@link unknownType}: the same sentence as a string literal type.
 *
 * @example
 * ```ts
 * type Message = UnknownType<"integer", "<id:integer>"> // the sentence unknownType("integer", "<id:integer>") returns
 * ```
 */
export type UnknownType<
  Spec extends string,
  Hole extends string,
> = `Unknown parameter type '${Spec}' in '${Hole}' (expected int | float | string | bool | bigint | datetime)`

/**
 * A `<` opens a hole that no `>` closes.
 *
 * @example
 * ```ts
 * unclosedHole("<id:int") //=> "Unclosed '<' in '<id:int' (a hole is written <name> or <name:type>)"
 * ```
 */
export const unclosedHole = <Segment extends string>(segment: Segment): UnclosedHole<Segment> =>
  `Unclosed '<' in '${segment}' (a hole is written <name> or <name:type>)`

/**
 * Type twin of {@link unclosedHole}: the same sentence as a string literal type.
 *
 * @example
 * ```ts
 * type Message = UnclosedHole<"<id"> // the sentence unclosedHole("<id") returns
 * ```
 */
export type UnclosedHole<Segment extends string> =
  `Unclosed '<' in '${Segment}' (a hole is written <name> or <name:type>)`

/**
 * A hole without a field name.
 *
 * @example
 * ```ts
 * emptyName("<:int>") //=> "Empty field name in '<:int>'"
 * ```
 */
export const emptyName = <Hole extends string>(hole: Hole): EmptyName<Hole> => `Empty field name in '${hole}'`

/**
 * Type twin of {@link emptyName}: the same sentence as a string literal type.
 *
 * @example
 * ```ts
 * type Message = EmptyName<"<id:integer>"> // the sentence emptyName("<id:integer>") returns
 * ```
 */
export type EmptyName<Hole extends string> = `Empty field name in '${Hole}'`

/**
 * Two holes, or a hole and an extra field it does not place, share a name.
 *
 * @example
 * ```ts
 * duplicateName("id") //=> "Duplicate field name 'id' (each hole and extra field needs its own name)"
 * ```
 */
export const duplicateName = <Name extends string>(name: Name): DuplicateName<Name> =>
  `Duplicate field name '${name}' (each hole and extra field needs its own name)`

/**
 * Type twin of {@link duplicateName}: the same sentence as a string literal type.
 *
 * @example
 * ```ts
 * type Message = DuplicateName<"id"> // the sentence duplicateName("id") returns
 * ```
 */
export type DuplicateName<Name extends string> =
  `Duplicate field name '${Name}' (each hole and extra field needs its own name)`

/**
 * A path segment follows a `<...rest>` hole.
 *
 * @example
 * ```ts
 * wildcardNotLast("<...path>") //=> "Wildcard '<...path>' must be the last path segment"
 * ```
 */
export const wildcardNotLast = <Hole extends string>(hole: Hole): WildcardNotLast<Hole> =>
  `Wildcard '${hole}' must be the last path segment`

/**
 * Type twin of {@link wildcardNotLast}: the same sentence as a string literal type.
 *
 * @example
 * ```ts
 * type Message = WildcardNotLast<"<id:integer>"> // the sentence wildcardNotLast("<id:integer>") returns
 * ```
 */
export type WildcardNotLast<Hole extends string> = `Wildcard '${Hole}' must be the last path segment`

/**
 * A `<...rest>` hole whose type is neither a string nor a list.
 *
 * @example
 * ```ts
 * wildcardType("<...n:int>") //=> "Wildcard '<...n:int>' must be a string or a list (like <...rest> or <...rest:int[]>)"
 * ```
 */
export const wildcardType = <Hole extends string>(hole: Hole): WildcardType<Hole> =>
  `Wildcard '${hole}' must be a string or a list (like <...rest> or <...rest:int[]>)`

/**
 * Type twin of {@link wildcardType}: the same sentence as a string literal type.
 *
 * @example
 * ```ts
 * type Message = WildcardType<"<id:integer>"> // the sentence wildcardType("<id:integer>") returns
 * ```
 */
export type WildcardType<Hole extends string> =
  `Wildcard '${Hole}' must be a string or a list (like <...rest> or <...rest:int[]>)`

/**
 * A `datetime(FORMAT)` whose format has no token, or holds `:` or `/`.
 *
 * @example
 * ```ts
 * badDateFormat("today", "<t:datetime(today)>")
 * //=> "Bad date format 'today' in '<t:datetime(today)>' (a format needs one of yyyy MM dd HH mm ss fff, and no ':' or '/')"
 * ```
 */
export const badDateFormat = <Format extends string, Hole extends string>(
  format: Format,
  hole: Hole,
): BadDateFormat<Format, Hole> =>
  `Bad date format '${format}' in '${hole}' (a format needs one of yyyy MM dd HH mm ss fff, and no ':' or '/')`

/**
 * Type twin of {@link badDateFormat}: the same sentence as a string literal type.
 *
 * @example
 * ```ts
 * type Message = BadDateFormat<"today", "<t:datetime(today)>"> // the sentence badDateFormat("today", "<t:datetime(today)>") returns
 * ```
 */
export type BadDateFormat<
  Format extends string,
  Hole extends string,
> = `Bad date format '${Format}' in '${Hole}' (a format needs one of yyyy MM dd HH mm ss fff, and no ':' or '/')`
