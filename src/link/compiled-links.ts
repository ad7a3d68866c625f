/**
 * `CompiledLinks(module)`: a link router whose writers a compile step
 * wrote ahead of time (`Router.CompileLinks` of `sitelets/compile`, or the
 * `links` of `CompileRoutes`): one function per case, no declaration read
 * at run time, so a page that links bundles the writers and the few
 * helpers below — the same URLs, checks and `LinkError`s as
 * `Router.Infer`'s. The helpers are what such a module imports; a page
 * does not call them.
 */
import { LinkFailure } from "../router/link/link-error.js"
import {
  linkUnknownCase as unknownCase,
  linkWildcardEmptyPiece,
  linkWrongType,
  notCompiledLinks,
} from "../router/link/link-messages.js"
import { checkQueryText, checkSegment } from "../router/link/segment-check.js"
import { isUploadedFile } from "../descriptor/uploaded-file.js"
import type { UploadedFile } from "../descriptor/descriptor.js"
import { type LinkRouter, linkRouter, pathWriter } from "./link-url.js"
import type { LinkOut } from "./link-writer.js"

export { bigintText, boolText, dateText, enumText, floatText, intText, stringText } from "../router/link/scalar-text.js"
export { checkQueryText, checkSegment } from "../router/link/segment-check.js"
export { inField } from "../router/link/link-error.js"

/**
 * What a compiled links module exports: the writer of the declaration's
 * values.
 *
 * @example
 * ```ts
 * import * as compiled from "./links.compiled.js" // { link(value, out) }
 * ```
 */
export interface CompiledLinkModule {
  readonly link: (value: unknown, out: LinkOut) => void
}

/**
 * The link router of a compiled links module, typed by the declaration it
 * was compiled from (`Infer<typeof Pages>`, a type-only import).
 *
 * @example
 * ```ts
 * import type { Infer } from "sitelets"
 * import { CompiledLinks } from "sitelets/link"
 * import * as compiled from "./links.compiled.js"
 * import type { Pages } from "./pages.js"
 * const pages = CompiledLinks<Infer<typeof Pages>>(compiled)
 * pages.Link({ $: "Post", id: 3, slug: "typed-links" }) //=> "/blog/3/typed-links"
 * ```
 */
export function CompiledLinks<Endpoint>(module: CompiledLinkModule): LinkRouter<Endpoint> {
  if (typeof module?.link !== "function") throw new TypeError(notCompiledLinks)
  return linkRouter(pathWriter<Endpoint>(module.link))
}

/**
 * Throws the failure of a value that is not of the type a writer expects
 * (`"an object"`, `"an array"`, `"a tuple"`).
 *
 * @example
 * ```ts
 * linkMismatch("an array", 3) // throws LinkFailure
 * ```
 */
export function linkMismatch(expected: string, value: unknown): never {
  throw new LinkFailure(linkWrongType(expected, value), true)
}

/**
 * Throws the failure of a tag that is no case of the union.
 *
 * @example
 * ```ts
 * linkUnknownCase("Nope") // throws LinkFailure
 * ```
 */
export function linkUnknownCase(tag: unknown): never {
  throw new LinkFailure(unknownCase(tag), true)
}

/**
 * Writes a wildcard string: each piece between its slashes one segment.
 *
 * @example
 * ```ts
 * linkRest("a/b", out) // out.segments: [..., "a", "b"]
 * ```
 */
export function linkRest(value: unknown, out: LinkOut): void {
  if (typeof value !== "string") linkMismatch("string", value)
  if (value === "") return
  for (const piece of (value as string).split("/")) {
    if (piece === "") throw new LinkFailure(linkWildcardEmptyPiece(value as string))
    out.segments.push(checkSegment(piece))
  }
}

/**
 * Writes a form's file field: one file, an optional one, or a list.
 *
 * @example
 * ```ts
 * linkFiles("upload", file, pairs, false, false)
 * ```
 */
export function linkFiles(
  key: string,
  value: unknown,
  pairs: Array<readonly [string, string | UploadedFile]>,
  several: boolean,
  optional: boolean,
): void {
  const files = several ? value : value === undefined && optional ? [] : [value]
  if (!Array.isArray(files) || !files.every(isUploadedFile)) linkMismatch(several ? "a list of files" : "a file", value)
  for (const file of files as UploadedFile[]) pairs.push([checkQueryText(key), file])
}
