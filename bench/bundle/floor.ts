/**
 * `npm run bench:bundle-floor`: how far issue 36's browser tiers could shrink
 * without a change of behaviour. Each tier's bundle (the fixture of
 * test/client/bundle.test.ts, built from dist/ with esbuild, minified, ES2022,
 * gzip -9) is measured as shipped, then with three things taken out that a
 * smaller package could still drop — the builders the fixture does not call
 * (`t` is one object, so a bundle keeps every builder), Standard Schema on
 * every descriptor, and every sentence cut to one character — so what is
 * left is the logic a link, a parse or a typed request runs. Run `npm run
 * build` first.
 */
import { pathToFileURL } from "node:url"
import type { Plugin } from "esbuild"
import { bundleSize } from "./bundle-size.js"
import { repoPath } from "../common/paths.js"

const dist = repoPath("dist")
const pages = `const Pages = union({
  Home: "GET /",
  Post: "GET /blog/<id:int>/<slug>",
  Search: "GET /search?q=<q:string?>&page=<page:int?>",
  Archive: "GET /archive/<day:datetime(yyyy-MM-dd)>",
})`
const link = `console.log(pages.Link({ $: "Post", id: 3, slug: "typed-links" }))`

/** Each tier as the bundle test writes it (`t.union`), and with the one builder it calls imported alone. */
const tiers: ReadonlyArray<{ name: string; budget: number; body: (builders: string) => string }> = [
  {
    name: "links (sitelets/link)",
    budget: 3,
    body: (builders) =>
      `${builders}\nimport { Router } from "${dist}/link/index.js"\n${pages}\nconst pages = Router.Infer(Pages)\n${link}`,
  },
  {
    name: "links + parse (sitelets/route)",
    budget: 6,
    body: (builders) =>
      `${builders}\nimport { Router } from "${dist}/link/route.js"\n${pages}\nconst pages = Router.Infer(Pages)\n${link}\nconsole.log(pages.Match("GET", location.pathname))`,
  },
  {
    name: "typed client (sitelets/fetch)",
    budget: 10,
    body: (builders) => `${builders}
import { Returns } from "${dist}/descriptor/attributes.js"
import { Json, Router } from "${dist}/client/fetch-entry.js"
const Post = record({ title: string, at: datetime })
const Api = union({
  Get: caseOf("GET /posts/<id:int>", Returns(Post)),
  Save: caseOf("POST /posts", { post: Json(Post) }, Returns(Post)),
})
Router.Infer(Api).Fetch({ $: "Save", post: { title: "x", at: new Date() } }).then((saved) => console.log(saved.at))`,
  },
]

const whole = `import { t } from "${dist}/descriptor/t.js"\nconst { union, record, case: caseOf, string, datetime } = t`
const alone = `import { union, caseOf } from "${dist}/descriptor/union.js"
import { record } from "${dist}/descriptor/composites.js"
import { string, datetime } from "${dist}/descriptor/primitives.js"`

// Standard Schema's module with every export a no-op (descriptors are then plain frozen data).
const noStandard: Plugin = {
  name: "no-standard",
  setup(b) {
    b.onLoad({ filter: /descriptor[\\/]standard\.js$/ }, () => ({
      loader: "js",
      contents: `export const withStandard = (d) => d; export const isForeignSchema = () => false;
export function registerStandardJsonSchema() {} export function registerStandardValidator() {}
export const schemaDescriptor = (s) => s; export const schemaOf = () => undefined`,
    }))
  },
}

// A messages module with every sentence "x": the same exports, each a string, a function or an object of them.
const short = (value: unknown): string =>
  typeof value === "function"
    ? '() => "x"'
    : typeof value === "object" && value !== null
      ? `{ ${Object.entries(value)
          .map(([key, inner]) => `${JSON.stringify(key)}: ${short(inner)}`)
          .join(", ")} }`
      : '"x"'
const noSentences: Plugin = {
  name: "no-sentences",
  setup(b) {
    b.onLoad({ filter: /messages\.js$/ }, async (args) => {
      const exports = (await import(pathToFileURL(args.path).href)) as Record<string, unknown>
      const lines = Object.entries(exports).map(([name, value]) => `export const ${name} = ${short(value)}`)
      return { loader: "js", contents: lines.join("\n") }
    })
  },
}

const gzipOf = async (contents: string, plugins: Plugin[]): Promise<number> =>
  (await bundleSize(contents, { resolveDir: dist, plugins })).gzip

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`
console.log("| tier | as shipped | the builders it calls alone | and no Standard Schema | and no sentences | budget |")
console.log("|---|---:|---:|---:|---:|---:|")
for (const tier of tiers) {
  const sizes = [
    await gzipOf(tier.body(whole), []),
    await gzipOf(tier.body(alone), []),
    await gzipOf(tier.body(alone), [noStandard]),
    await gzipOf(tier.body(alone), [noStandard, noSentences]),
  ]
  console.log(`| ${tier.name} | ${sizes.map(kb).join(" | ")} | ${tier.budget} KB |`)
}
