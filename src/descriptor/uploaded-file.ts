/**
 * What counts as an uploaded file (a `t.file` field's value): a `File` or
 * `Blob`, or anything with its `size` and `arrayBuffer()` — checked the
 * same way where the router reads one and where links and typed requests
 * write one.
 */
import type { UploadedFile } from "./descriptor.js"

/**
 * Whether a value can stand for an uploaded file.
 *
 * @example
 * ```ts
 * isUploadedFile(new File(["…"], "me.png")) //=> true
 * isUploadedFile("me.png") //=> false
 * ```
 */
export const isUploadedFile = (value: unknown): value is UploadedFile =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Partial<UploadedFile>).size === "number" &&
  typeof (value as Partial<UploadedFile>).arrayBuffer === "function"
