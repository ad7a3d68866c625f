/**
 * Sentences of the content kinds (redirects, validators, events, files), written once; tests import these writers.
 *
 * @example
 * ```ts
 * expect(() => Content.Event({ data: 1, event: "a\\nb" })).toThrow(contentMessages.badEventField("event"))
 * ```
 */
export const contentMessages = {
  badRedirectUrl: (url: string) => `Content.Redirect: '${url}' contains a control character or a space`,
  badEntityTag: (tag: string) =>
    `Content.WithETag: '${tag}' is not an entity tag (quoted "…" or W/"…", or bare text without spaces, quotes or controls)`,
  badLastModified: "Content.WithLastModified: the date must be a valid Date",
  etagOfStream:
    "Content.WithETag: a streamed body cannot be hashed before it is sent; give the tag (Content.WithETag(content, tag))",
  badEventField: (name: string) =>
    `Content.Event: '${name}' may not hold a line break or NUL (it would split the event)`,
  badEventRetry: (value: unknown) =>
    `Content.Event: retry must be a whole number of milliseconds, got ${String(value)}`,
  badHeartbeat: (value: unknown) =>
    `Content.EventStream: Heartbeat must be a whole number of milliseconds of at least 1, got ${String(value)}`,
  noFileSystem: (where: string) =>
    `${where}: this runtime has no file system (Cloudflare Workers); serve files with the platform's static assets`,
  badFilesDirectory: (directory: string) => `Sitelet.Files: '${directory}' is not a directory path`,
} as const
