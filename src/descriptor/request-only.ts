/**
 * Header and cookie fields travel with a request, never in a URL. A case
 * with such a field carries an optional phantom key in its TypeScript type
 * (`"~request"`, never set on a value, like Standard Schema's `"~standard"`
 * a name no field takes), so `Link`, `ctx.Link` and the redirects — which
 * write URLs — refuse its values at compile time with one sentence, while
 * the typed client, which sends requests, takes them. A string key, not a
 * unique symbol: the declarations a user's project emits can name it.
 */

/** The phantom key on the output type of a case with header or cookie fields. */
export type RequestOnlyKey = "~request"

/**
 * The sentence of a link to a case with header or cookie fields, as its
 * writer and as its type (checked equal in the tests).
 *
 * @example
 * ```ts
 * linkCannotCarry //=> "A link is a URL: it cannot carry header or cookie fields (send the request with the typed client)"
 * ```
 */
export const linkCannotCarry: LinkCannotCarry =
  "A link is a URL: it cannot carry header or cookie fields (send the request with the typed client)"

/** The type of {@link linkCannotCarry}. */
export type LinkCannotCarry =
  "A link is a URL: it cannot carry header or cookie fields (send the request with the typed client)"

/**
 * The type of the phantom key: an object type, not a literal, so that
 * {@link Linkable}'s intersection with the sentence stays an object type
 * (two literals would reduce it to `never`).
 */
export interface HeaderOrCookieFields {
  readonly "sent with the request, not in the URL": true
}

/**
 * The entry a header or cookie field adds to its case's output type: the
 * optional phantom key (see `EntriesOutput`).
 *
 * @example
 * ```ts
 * type E = RequestOnlyEntry //=> [RequestOnlyKey, HeaderOrCookieFields, true]
 * ```
 */
export type RequestOnlyEntry = readonly [RequestOnlyKey, HeaderOrCookieFields, true]

/**
 * What the type of a case with header or cookie fields has beside its
 * fields (a value never has the key): name it when you write such a type
 * by hand.
 *
 * @example
 * ```ts
 * type Items = { $: "Items"; version: number } & RequestOnlyMark
 * ```
 */
export interface RequestOnlyMark {
  "~request"?: HeaderOrCookieFields
}

/**
 * The endpoint values a URL can stand for: a case with header or cookie
 * fields asks for a property no value has, named by the sentence, so a link
 * to it fails to compile and the error shows why. The test is against a
 * fixed type (a case without the key is no `RequestOnlyMark`: it shares no
 * property with it), so `Router` and `Context` keep their variance.
 *
 * @example
 * ```ts
 * type L = Linkable<{ $: "Home" } | { $: "Items"; version: number; "~request"?: HeaderOrCookieFields }>
 * //=> { $: "Home" } | ({ $: "Items"; … } & { readonly "~request": LinkCannotCarry })
 * ```
 */
export type Linkable<Endpoint> = [Endpoint] extends [Unmarked] ? Endpoint : MarkUnlinkable<Endpoint>

// One relation for the common union without header or cookie fields, instead of a conditional per case:
// `object` makes it no weak type, to which an object without "~request" would not be assignable.
type Unmarked = object & { readonly "~request"?: undefined }

type MarkUnlinkable<Endpoint> = Endpoint extends RequestOnlyMark
  ? Endpoint & { readonly "~request": LinkCannotCarry }
  : Endpoint
