/**
 * The holes an `EndPoint` places, checked against the case's fields at the
 * call of `t.case(fields, EndPoint(…))`: a hole naming no field is its
 * sentence at the field record (the router throws the same sentence,
 * with the case's name, when the router is built). The runtime writer and
 * its type twin side by side; the type-level scan reads holes the way
 * `parseEndPoint` does: whole path segments `<name>`, `<name:type>` or
 * `<...name>`, before any `?`.
 */

/**
 * The sentence of an `EndPoint` placing a hole that is no path field.
 *
 * @example
 * ```ts
 * unplacedHole("/article/<slug>", "slug")
 * //=> "EndPoint '/article/<slug>' places '<slug>', which is not a path field of the case"
 * ```
 */
export const unplacedHole = <EndPoint extends string, Hole extends string>(
  endPoint: EndPoint,
  hole: Hole,
): UnplacedHole<EndPoint, Hole> => `EndPoint '${endPoint}' places '<${hole}>', which is not a path field of the case`

/**
 * Type twin of {@link unplacedHole}.
 *
 * @example
 * ```ts
 * type S = UnplacedHole<"/article/<slug>", "slug"> // the sentence unplacedHole("/article/<slug>", "slug") returns
 * ```
 */
export type UnplacedHole<
  EndPoint extends string,
  Hole extends string,
> = `EndPoint '${EndPoint}' places '<${Hole}>', which is not a path field of the case`

/**
 * An `EndPoint` attribute that keeps its strings' literal types, for the
 * check of its holes.
 *
 * @example
 * ```ts
 * const attribute: EndPointAttribute<["GET /article/<id>"]> = EndPoint("GET /article/<id>")
 * ```
 */
export interface EndPointAttribute<Paths extends readonly string[] = readonly string[]> {
  readonly kind: "attribute"
  readonly name: "EndPoint"
  readonly values: Paths
}

// A hole's field name: `<...rest>` → rest, `<id:int>` → id.
type HoleName<Inner extends string> = Inner extends `...${infer Rest}`
  ? HoleName<Rest>
  : Inner extends `${infer Name}:${string}`
    ? Name
    : Inner

// The first hole of `Path` (query removed) whose name is not in `Names`, else never. Tail-recursive.
type FirstUnknown<Path extends string, Names extends string> = Path extends `${string}/<${infer Inner}>${infer Rest}`
  ? Rest extends "" | `/${string}`
    ? HoleName<Inner> extends Names
      ? FirstUnknown<Rest, Names>
      : HoleName<Inner>
    : FirstUnknown<Rest, Names>
  : never

/**
 * The sentence for the first `EndPoint` string placing a hole that is not
 * one of `Names`, else `never`. Wide strings are not checked.
 *
 * @example
 * ```ts
 * type S = EndPointProblem<["/article/<slug>"], "id"> //=> "EndPoint '/article/<slug>' places '<slug>', which is not a path field of the case"
 * type N = EndPointProblem<["/article/<id>"], "id">   //=> never
 * ```
 */
export type EndPointProblem<Paths extends readonly string[], Names extends string> = Paths extends readonly [
  infer Path extends string,
  ...infer Rest extends readonly string[],
]
  ? string extends Path
    ? EndPointProblem<Rest, Names>
    : FirstUnknown<Path extends `${infer Before}?${string}` ? Before : Path, Names> extends infer Hole extends string
      ? [Hole] extends [never]
        ? EndPointProblem<Rest, Names>
        : UnplacedHole<Path, Hole>
      : never
  : never

/**
 * The field record of `t.case(fields, …attributes)` checked against the
 * holes its `EndPoint` places: the record itself when each hole names one
 * of its fields, else the sentence (the first parameter's type, so the
 * check costs nothing in inference for the template form, where it is not
 * evaluated, and the sentence is on the call's first line).
 *
 * @example
 * ```ts
 * type C = CheckedFields<{ id: typeof t.int }, EndPointAttribute<["/a/<slug>"]>> //=> "EndPoint '/a/<slug>' places '<slug>', …"
 * type F = CheckedFields<{ id: typeof t.int }, EndPointAttribute<["/a/<id>"]>>   //=> { id: typeof t.int }
 * ```
 */
export type CheckedFields<First, Attributes> = [Extract<Attributes, EndPointAttribute>] extends [
  EndPointAttribute<infer Paths>,
]
  ? EndPointProblem<Paths, keyof First & string> extends infer Problem extends string
    ? [Problem] extends [never]
      ? First
      : Problem
    : First
  : First
