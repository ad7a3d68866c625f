/**
 * A link at a link's weight (issue 53, item 4): issue 36's fixture linked
 * in a browser bundle, built from `dist/` with esbuild (minified, ES2022,
 * gzip -9) as test/client/bundle.test.ts builds it — through
 * `sitelets/link`'s `Router.Infer`, and through `CompiledLinks` on the
 * fixture's links compiled ahead of time (`Router.CompileLinks`).
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { t } from "sitelets"
import { Router } from "sitelets/compile"
import { repoPath } from "../common/paths.js"
import { type BundleSize, bundleSize } from "./bundle-size.js"

/** The two bundles' sizes, in bytes. */
export interface LinkWeight {
  readonly infer: BundleSize
  readonly compiled: BundleSize
}

const Pages = t.union({
  Home: "GET /",
  Post: "GET /blog/<id:int>/<slug>",
  Search: "GET /search?q=<q:string?>&page=<page:int?>",
  Archive: "GET /archive/<day:datetime(yyyy-MM-dd)>",
})
const declaration = `import { t } from "sitelets"
export const Pages = t.union({
  Home: "GET /",
  Post: "GET /blog/<id:int>/<slug>",
  Search: "GET /search?q=<q:string?>&page=<page:int?>",
  Archive: "GET /archive/<day:datetime(yyyy-MM-dd)>",
})
`
const link = `console.log(pages.Link({ $: "Post", id: 3, slug: "typed-links" }))`

const size = (contents: string, folder: string) => {
  const dist = repoPath("dist")
  return bundleSize(contents, {
    resolveDir: folder,
    loader: "ts",
    alias: { sitelets: `${dist}/index.js`, "sitelets/link": `${dist}/link/index.js` },
  })
}

/**
 * Measures both bundles.
 *
 * @example
 * ```ts
 * (await linkWeight()).compiled.gzip //=> about 2,000
 * ```
 */
export async function linkWeight(): Promise<LinkWeight> {
  const folder = repoPath("node_modules/.cache/sitelets-bench/link-weight")
  mkdirSync(folder, { recursive: true })
  writeFileSync(`${folder}/pages.js`, declaration)
  writeFileSync(`${folder}/links.compiled.js`, Router.CompileLinks(Router.Infer(Pages)))
  const infer = await size(
    `import { Pages } from "./pages.js"\nimport { Router } from "sitelets/link"\nconst pages = Router.Infer(Pages)\n${link}`,
    folder,
  )
  const compiled = await size(
    `import { CompiledLinks } from "sitelets/link"\nimport * as compiled from "./links.compiled.js"\nconst pages = CompiledLinks(compiled)\n${link}`,
    folder,
  )
  return { infer, compiled }
}
