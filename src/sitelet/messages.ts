// A number as people write it: whole numbers as they are, others to three significant digits ("0.0167").
const plain = (n: number) => (Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(3))))
const count = (n: number, one: string, many: string) => `${plain(n)} ${n === 1 ? one : many}`
const near = (n: number) => Math.abs(n - Math.round(n)) < 1e-9 && Math.round(n) >= 1

// A refill rate per second in the unit that makes it a whole number: "2 a second", "1 a minute", "1 an hour".
function rate(perSecond: number): string {
  if (perSecond >= 1) return `${plain(perSecond)} a second`
  if (near(perSecond * 60)) return `${Math.round(perSecond * 60)} a minute`
  if (near(perSecond * 3600)) return `${Math.round(perSecond * 3600)} an hour`
  if (near(1 / perSecond)) return `1 every ${Math.round(1 / perSecond)} seconds`
  return `${plain(perSecond)} a second`
}

/**
 * Sentences of the sitelet and content layer, written once; tests import
 * these writers instead of retyping the text.
 *
 * @example
 * ```ts
 * expect(() => Html.Element("a b")).toThrow(siteletMessages.badTagName("a b"))
 * ```
 */
export const siteletMessages = {
  badTagName: (name: string) =>
    `Html: '${name}' is not a valid element name (expected a letter followed by letters, digits or '-')`,
  badAttributeName: (name: string) =>
    `Html: '${name}' is not a valid attribute name (attribute names come from code: letters, digits, '-', '_', ':', '.')`,
  voidChildren: (name: string) => `Html: <${name}> is a void element and cannot have children`,
  textInRawElement: (name: string) =>
    `Html: <${name}> cannot hold escaped text; pass Html.Raw(…) or use Html.JsonScript(…) for data`,
  badChild: (type: string) =>
    `Html: a child must be text, a number, an Html node, an array of children, null or undefined; got ${type}`,
  unquotedTemplateAttribute: () =>
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the message shows the template syntax itself
    'html`…`: an interpolated attribute value must be quoted (name="${value}")',
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
  badRedirectUrl: (url: string) => `Content.Redirect: '${url}' contains a control character or a space`,
  badStatusCode: (code: unknown) =>
    `Http.Status.Custom: status code must be an integer from 200 to 599, got ${String(code)}`,
  badReasonPhrase: () => "Http.Status.Custom: reason phrase may hold only visible ASCII, tabs and spaces",
  deferredTooDeep: (limit: number) => `Content: deferred contents nested more than ${limit} deep`,
  badEntityTag: (tag: string) =>
    `Content.WithETag: '${tag}' is not an entity tag (quoted "…" or W/"…", or bare text without spaces, quotes or controls)`,
  badEventField: (name: string) =>
    `Content.Event: '${name}' may not hold a line break or NUL (it would split the event)`,
  badEventRetry: (value: unknown) =>
    `Content.Event: retry must be a whole number of milliseconds, got ${String(value)}`,
  badHeartbeat: (value: unknown) =>
    `Content.EventStream: Heartbeat must be a whole number of milliseconds of at least 1, got ${String(value)}`,
  noFileSystem: (where: string) =>
    `${where}: this runtime has no file system (Cloudflare Workers); serve files with the platform's static assets`,
  valueNotSet: (name: string) =>
    `Sitelet.Value '${name}': nothing set it for this request (is the handler behind the guard that sets it?)`,
  badGuardAnswer: (code: unknown) =>
    `Sitelet.Guard: Answers lists status ${String(code)}, which is not a status a guard answers with (400-599)`,
  badRateLimit: (capacity: unknown, refill: unknown) =>
    `Sitelet.RateLimit: Capacity must be a finite number ≥ 1 and RefillPerSecond a number > 0, got ${String(capacity)} and ${String(refill)}`,
  rateLimitStoreDown: "the rate-limit store could not be reached, so no request is let through; try again shortly",
  topicRefused: (channel: string) =>
    `Topic: a message on '${channel}' does not match the topic's descriptor (published by another version of the app?); it was dropped`,
  topicOverflow: (key: string, max: number) =>
    `Topic: the reader of '${key}' fell ${max} messages behind (MaxQueued); its iteration ends rather than queue without bound`,
  jsxRawProp: () =>
    "JSX: dangerouslySetInnerHTML is not supported: write {Html.Raw(markup)} as a child, for trusted markup only",
  jsxAttributeValue: (tag: string, name: string, type: string) =>
    `JSX: <${tag} ${name}> is a ${type}; an attribute is a string, number or boolean (pages are HTML, not event handlers)`,
  noFetchHost: "site.Handle: the Fetch host is not loaded (import from the package entry, 'sitelets', which loads it)",
  badFilesDirectory: (directory: string) => `Sitelet.Files: '${directory}' is not a directory path`,
  badLastModified: "Content.WithLastModified: the date must be a valid Date",
  etagOfStream:
    "Content.WithETag: a streamed body cannot be hashed before it is sent; give the tag (Content.WithETag(content, tag))",
  forgedSafeHtml: () => "SafeHtml: use Html.Raw(…) to mark trusted markup",
  badSocketOption: (name: string, value: unknown) =>
    `Content.WebSocket: ${name} must be a number ≥ 0, got ${String(value)}`,
  notSocketDeclaration:
    "Content.WebSocket: the first argument must be the case's WebSocket({ FromClient, FromServer })",
  socketHandler: "Content.WebSocket: the second argument must be the function that runs the socket",
  upgradeRequired: "This endpoint is a WebSocket: connect with a WebSocket client (Upgrade: websocket)",
  notSocketEndpoint: "This endpoint does not accept a WebSocket upgrade",
  socketVersion: "This server speaks WebSocket version 13 (Sec-WebSocket-Version: 13, RFC 6455)",
  socketKey: "A WebSocket upgrade needs one Sec-WebSocket-Key: 16 random bytes in base64 (RFC 6455 §4.1)",
  badCloseCode: (code: unknown) =>
    `socket.Close: the code must be 1000 or one of the application's own, 3000 to 4999 (got ${String(code)})`,
  // Close reasons (at most 123 bytes each, RFC 6455 §5.5).
  slowReader: "the client reads too slowly",
  queueFull: "too many messages waiting to be read",
  messageTooLarge: (bytes: number) => `a message may take at most ${bytes} bytes`,
  tooManyMessages: (perSecond: number) => `at most ${count(perSecond, "message", "messages")} a second`,
  /** A rate limit's rule, as people write it: "at most 5 requests at once, then 1 a minute". */
  rateLimited: (capacity: number, refillPerSecond: number) =>
    `at most ${count(capacity, "request", "requests")} at once, then ${rate(refillPerSecond)}`,
  socketOrigin: (origin: string) => `WebSocket connections from the origin '${origin}' are not allowed`,
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
