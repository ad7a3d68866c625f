/**
 * Every route-template error sentence, written once: a function (thrown by the
 * runtime parser) and, right under it, the template-literal type of the same
 * name (the compile error at the call site). Tests import these writers.
 * The sentences about holes are in hole-messages.ts, re-exported here.
 */

export * from "./hole-messages.js"

/**
 * The methods a template may start with, as the sentences list them.
 *
 * @example
 * ```ts
 * expectedMethods //=> "GET | HEAD | POST | PUT | PATCH | DELETE | OPTIONS"
 * ```
 */
export const expectedMethods = "GET | HEAD | POST | PUT | PATCH | DELETE | OPTIONS"

/**
 * A path segment mixes literal text and a hole, or holds a stray `<` / `>`.
 *
 * @example
 * ```ts
 * mixedSegment("id-<id>") //=> "Path segment 'id-<id>' must be literal text or one whole hole like <name>"
 * ```
 */
export const mixedSegment = <Segment extends string>(segment: Segment): MixedSegment<Segment> =>
  `Path segment '${segment}' must be literal text or one whole hole like <name>`

/**
 * Type twin of {@link mixedSegment}: the same sentence as a string literal type.
 *
 * @example
 * ```ts
 * type Message = MixedSegment<"<id"> // the sentence mixedSegment("<id") returns
 * ```
 */
export type MixedSegment<Segment extends string> =
  `Path segment '${Segment}' must be literal text or one whole hole like <name>`

/**
 * An option hole in the path is followed by a required path hole.
 *
 * @example
 * ```ts
 * ambiguousOption("<a:int?>", "<b>")
 * //=> "Option hole '<a:int?>' comes before required hole '<b>', which is ambiguous (put option holes last or in the query)"
 * ```
 */
export const ambiguousOption = <Option extends string, Required extends string>(
  option: Option,
  required: Required,
): AmbiguousOption<Option, Required> =>
  `Option hole '${option}' comes before required hole '${required}', which is ambiguous (put option holes last or in the query)`

/**
 * Type twin of {@link ambiguousOption}: the same sentence as a string literal type.
 *
 * @example
 * ```ts
 * type Message = AmbiguousOption<"<a:int?>", "<b>"> // the sentence ambiguousOption("<a:int?>", "<b>") returns
 * ```
 */
export type AmbiguousOption<
  Option extends string,
  Required extends string,
> = `Option hole '${Option}' comes before required hole '${Required}', which is ambiguous (put option holes last or in the query)`

/**
 * The same query key appears twice.
 *
 * @example
 * ```ts
 * duplicateQueryKey("page") //=> "Query key 'page' is used twice"
 * ```
 */
export const duplicateQueryKey = <Key extends string>(key: Key): DuplicateQueryKey<Key> =>
  `Query key '${key}' is used twice`

/**
 * Type twin of {@link duplicateQueryKey}: the same sentence as a string literal type.
 *
 * @example
 * ```ts
 * type Message = DuplicateQueryKey<"q"> // the sentence duplicateQueryKey("q") returns
 * ```
 */
export type DuplicateQueryKey<Key extends string> = `Query key '${Key}' is used twice`

/**
 * A query item that is not `key=<field>`.
 *
 * @example
 * ```ts
 * badQueryItem("q") //=> "Query item 'q' must be written key=<field> or key=<field:type>"
 * ```
 */
export const badQueryItem = <Item extends string>(item: Item): BadQueryItem<Item> =>
  `Query item '${item}' must be written key=<field> or key=<field:type>`

/**
 * Type twin of {@link badQueryItem}: the same sentence as a string literal type.
 *
 * @example
 * ```ts
 * type Message = BadQueryItem<"q"> // the sentence badQueryItem("q") returns
 * ```
 */
export type BadQueryItem<Item extends string> = `Query item '${Item}' must be written key=<field> or key=<field:type>`

/**
 * The path (after the optional methods) does not start with `/`.
 *
 * @example
 * ```ts
 * pathStart("article/<id>") //=> "Route template 'article/<id>' must start with '/' or with methods and a space ('GET /…')"
 * ```
 */
export const pathStart = <Template extends string>(template: Template): PathStart<Template> =>
  `Route template '${template}' must start with '/' or with methods and a space ('GET /…')`

/**
 * Type twin of {@link pathStart}: the same sentence as a string literal type.
 *
 * @example
 * ```ts
 * type Message = PathStart<"FETCH /x"> // the sentence pathStart("FETCH /x") returns
 * ```
 */
export type PathStart<Template extends string> =
  `Route template '${Template}' must start with '/' or with methods and a space ('GET /…')`

/**
 * An empty path segment (`//` or a trailing `/`).
 *
 * @example
 * ```ts
 * emptySegment("/a//b") //=> "Empty path segment in '/a//b' (no '//' and no trailing '/')"
 * ```
 */
export const emptySegment = <Path extends string>(path: Path): EmptySegment<Path> =>
  `Empty path segment in '${path}' (no '//' and no trailing '/')`

/**
 * Type twin of {@link emptySegment}: the same sentence as a string literal type.
 *
 * @example
 * ```ts
 * type Message = EmptySegment<"/a//b"> // the sentence emptySegment("/a//b") returns
 * ```
 */
export type EmptySegment<Path extends string> = `Empty path segment in '${Path}' (no '//' and no trailing '/')`

/**
 * A method token outside the list.
 *
 * @example
 * ```ts
 * unknownMethod("FETCH", "FETCH /x")
 * //=> "Unknown method 'FETCH' in 'FETCH /x' (expected GET | HEAD | POST | PUT | PATCH | DELETE | OPTIONS)"
 * ```
 */
export const unknownMethod = <Token extends string, Template extends string>(
  token: Token,
  template: Template,
): UnknownMethod<Token, Template> => `Unknown method '${token}' in '${template}' (expected ${expectedMethods})`

/**
 * Type twin of {@link unknownMethod}: the same sentence as a string literal type.
 *
 * @example
 * ```ts
 * type Message = UnknownMethod<"FETCH", "FETCH /x"> // the sentence unknownMethod("FETCH", "FETCH /x") returns
 * ```
 */
export type UnknownMethod<
  Token extends string,
  Template extends string,
> = `Unknown method '${Token}' in '${Template}' (expected GET | HEAD | POST | PUT | PATCH | DELETE | OPTIONS)`
