/**
 * `npm run docs:build`: the documentation site exported as static files into
 * `docs-dist/` (ignored by git) with `ExportStatic`, the API reference
 * generated into it by TypeDoc. `DOCS_BASE=/sitelets` sets the path a
 * project page is served under (links and assets follow it).
 */
import { rm } from "node:fs/promises"
import { ExportStatic } from "../../src/host/node/index.js"
import { apiCache, generateApiReference } from "./api-reference.js"
import { docsSite, everyPage } from "./site.js"

const root = new URL("../../", import.meta.url).pathname

/**
 * Exports the documentation into `outDir` under `basePath`; returns the
 * export's report.
 *
 * @example
 * ```ts
 * const report = await buildDocs(`${root}docs-dist`, "/sitelets")
 * ```
 */
export async function buildDocs(outDir: string, basePath = "") {
  await generateApiReference(apiCache)
  await rm(outDir, { recursive: true, force: true })
  return ExportStatic(docsSite({ apiDirectory: apiCache }), { outDir, basePath, endpoints: everyPage })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = `${root}docs-dist`
  const report = await buildDocs(out, process.env.DOCS_BASE ?? "")
  console.log(`docs-dist/: ${report.written.length} files`)
  for (const { route, detail } of report.skipped) console.log(`not exported: ${route}: ${detail}`)
  for (const { url, detail } of report.failed) console.log(`failed: ${url}: ${detail}`)
  if (report.failed.length > 0) process.exitCode = 1
}
