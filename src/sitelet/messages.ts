/**
 * Sentences of the sitelet core (building, combining and serving sitelets, the content model), written once; tests import
 * these writers instead of retyping the text.
 *
 * @example
 * ```ts
 * expect(() => Sitelet.Shift("a/b", site)).toThrow(siteletMessages.badShiftSegment("a/b"))
 * ```
 */
export const siteletMessages = {
  badHeaderName: (name: string) => `Content: '${name}' is not a valid header name`,
  badHeaderValue: (name: string) => `Content: the value of header '${name}' contains a control character`,
  handlerMissing: (tag: string): HandlerMissing<string> =>
    `Sitelet.Infer: the handler object has no function for case '${tag}'`,
  handlerUnknownCase: (key: string): HandlerUnknownCase<string> =>
    `Sitelet.Infer: the handler object has a function for '${key}', which is no case of this endpoint type`,
  notAUnion: (where: string) => `${where}: the descriptor must be a union (t.union({ … }))`,
  unknownCase: (where: string, tag: string) => `${where}: the union has no case '${tag}'`,
  caseNotSingleField: (where: string, tag: string) =>
    `${where}: case '${tag}' must have exactly one field, holding the inner endpoint`,
  badShiftSegment: (segment: string) =>
    `Sitelet.Shift: '${segment}' must be one non-empty path segment without '/' ('.' and '..' are not segments)`,
  badContentUrl: (url: string) => `Sitelet.Content: '${url}' must be an absolute path like "/about"`,
  deferredTooDeep: (limit: number) => `Content: deferred contents nested more than ${limit} deep`,
  valueNotSet: (name: string) =>
    `Sitelet.Value '${name}': nothing set it for this request (is the handler behind the guard that sets it?)`,
  noFetchHost: "site.Handle: the Fetch host is not loaded (import from the package entry, 'sitelets', which loads it)",
} as const

/**
 * The sentence of a handler object without a function for case `Tag`: the
 * thrown error's and, as a type, the compile error's.
 *
 * @example
 * ```ts
 * type Missing = HandlerMissing<"Other"> //=> "Sitelet.Infer: the handler object has no function for case 'Other'"
 * ```
 */
export type HandlerMissing<Tag extends string> = `Sitelet.Infer: the handler object has no function for case '${Tag}'`

/**
 * The sentence of a handler object with a function for `Key`, no case of
 * its endpoint type (a misspelt case).
 *
 * @example
 * ```ts
 * type Typo = HandlerUnknownCase<"Typo"> //=> "Sitelet.Infer: the handler object has a function for 'Typo', which is no case of this endpoint type"
 * ```
 */
export type HandlerUnknownCase<Key extends string> =
  `Sitelet.Infer: the handler object has a function for '${Key}', which is no case of this endpoint type`
