/**
 * `NoBody`: the declared answer of a status that carries no body
 * (`Responds({ 201: Article, 204: NoBody })`). Not a descriptor: nothing
 * routes or serializes it, so it can stand only in a response map. The
 * handler answers it with `Content.NoContent()` (never a `Content.Json`),
 * the typed client resolves `undefined` for it, and the OpenAPI document
 * lists the status without a `content`.
 */

/**
 * The type of `NoBody`. Its phantom output is `never`, so that no
 * `Content.Json` fits a status declared without a body; the typed client
 * resolves `undefined` for it.
 *
 * @example
 * ```ts
 * const answers: { readonly 204: NoBody } = { 204: NoBody }
 * ```
 */
export interface NoBody {
  readonly "~noBody": true
  readonly "~types"?: { readonly output: never }
}

/**
 * The answer of a status declared without a body.
 *
 * @example
 * ```ts
 * const Api = t.union({
 *   DeletePost: t.case("DELETE /posts/<id:int>", {}, Responds({ 204: NoBody, 404: Problem })),
 * })
 * // handler: () => Content.NoContent(); client: await api.Fetch({ $: "DeletePost", id: 1 }) //=> undefined
 * ```
 */
export const NoBody: NoBody = Object.freeze({ "~noBody": true as const })

/**
 * Whether a declared answer is `NoBody`.
 *
 * @example
 * ```ts
 * isNoBody(NoBody) //=> true
 * isNoBody(t.int)  //=> false
 * ```
 */
export function isNoBody(answer: unknown): answer is NoBody {
  return typeof answer === "object" && answer !== null && (answer as Partial<NoBody>)["~noBody"] === true
}

/**
 * The statuses HTTP defines without a body (RFC 9110 §15.3.5, §15.3.6,
 * §15.4.5): each may only be declared `NoBody`.
 *
 * @example
 * ```ts
 * bodylessStatuses.has(204) //=> true
 * ```
 */
export const bodylessStatuses: ReadonlySet<number> = new Set([204, 205, 304])

/**
 * The constraint `Responds` puts on those statuses in types.
 *
 * @example
 * ```ts
 * Responds({ 204: User }) // compile error: Type 'RecordDescriptor<…>' is not assignable to type 'NoBody'
 * ```
 */
export type BodylessAnswers = { readonly 204?: NoBody; readonly 205?: NoBody; readonly 304?: NoBody }
