/**
 * `ExportStatic(site, options)`: a sitelet's GET answers written as files a
 * static host serves — every route without parameters, the endpoint values
 * the caller lists, the files of each `Sitelet.Files` directory — through
 * the Fetch host, with a report of what was written and what was skipped.
 *
 * It may import `descriptor/`, `host/`, `host/fetch/`, `router/`, `sitelet/`
 * and `sitelet/http/` (its row of docs/architecture.md, which the layers
 * test holds the code to). Other rooms import its modules by their paths,
 * not through this index, so a bundle or a Worker loads only the modules it
 * uses; this index is the room's table of contents, checked by the compiler.
 *
 * @example
 * ```ts
 * const report = await ExportStatic(site, { outDir: "dist-site" })
 * ```
 */
export { exportMessages } from "./export-plan.js"
export type { SkippedRoute } from "./export-plan.js"
export { type ExportedFile, type ExportOptions, type ExportReport, ExportStatic } from "./export-static.js"
