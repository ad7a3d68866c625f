/**
 * The documentation site as a sitelet: the Markdown pages rendered in the
 * TSX layout, a MiniSearch index of every section, and the files (the
 * stylesheet and search script, MiniSearch's browser build, the TypeDoc
 * API reference). `npm run docs` serves it; `npm run docs:build` exports it.
 */
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import MiniSearch from "minisearch"
import { Content, Sitelet, type Context } from "../../src/index.js"
import { isPageSlug, linkedPage, pageSlugs, pageSource, type PageSlug } from "./content.js"
import { Docs, Pages, type Docs as Endpoint } from "./endpoints.js"
import { docsPage } from "./layout.js"
import { markdownRenderer, type Rendered } from "./markdown.js"

/** The fields the search index holds, the same on the server that builds it and the page that loads it. */
export const searchFields = { fields: ["title", "heading", "text"], storeFields: ["title", "heading"] } as const

type Slug = PageSlug | "home"

// Everything rendered for one base path (links differ by it): pages, and the search index.
interface Rendition {
  readonly page: (slug: Slug) => Rendered
  readonly index: () => string
}

async function rendition(ctx: Context<Endpoint>): Promise<Rendition> {
  const linkOf = (slug: Slug) => (slug === "home" ? ctx.Link({ $: "Home" }) : ctx.Link({ $: "Page", slug }))
  const rendered = new Map<Slug, Rendered>()
  const renderers = new Map<string, (markdown: string) => Rendered>()
  const rendererFor = async (file: string) => {
    let render = renderers.get(file)
    if (render === undefined) {
      render = await markdownRenderer((href) => {
        const target = linkedPage(file, href)
        return target && linkOf(target.slug) + (target.anchor === "" ? "" : `#${target.anchor}`)
      })
      renderers.set(file, render)
    }
    return render
  }
  for (const slug of ["home", ...pageSlugs] as const) {
    const source = pageSource(slug)
    rendered.set(slug, (await rendererFor(source.file))(source.markdown))
  }
  let index: string | undefined
  return {
    page: (slug) => rendered.get(slug)!,
    index: () => {
      if (index !== undefined) return index
      const search = new MiniSearch({ ...searchFields, fields: [...searchFields.fields], storeFields: [...searchFields.storeFields] })
      for (const [slug, page] of rendered) {
        const title = pageSource(slug).title
        for (const section of page.sections) {
          if (section.text.trim() === "" && section.heading === undefined) continue
          const anchor = section.heading === undefined ? "" : `#${section.heading.id}`
          search.add({ id: linkOf(slug) + anchor, title, heading: section.heading?.text ?? title, text: section.text })
        }
      }
      index = JSON.stringify(search)
      return index
    },
  }
}

const root = fileURLToPath(new URL(".", import.meta.url))
const miniSearchBuild = join(dirname(createRequire(import.meta.url).resolve("minisearch")), "..", "umd")

/**
 * The documentation site, serving the API reference from `apiDirectory`
 * (TypeDoc's output, `generateApiReference`).
 *
 * @example
 * ```ts
 * const site = docsSite({ apiDirectory: "node_modules/.cache/sitelets-docs/api" })
 * ```
 */
export function docsSite(options: { readonly apiDirectory: string }) {
  const renditions = new Map<string, Promise<Rendition>>()
  const renditionFor = (ctx: Context<Endpoint>) => {
    let found = renditions.get(ctx.ApplicationPath)
    if (found === undefined) renditions.set(ctx.ApplicationPath, (found = rendition(ctx)))
    return found
  }
  const show = async (ctx: Context<Endpoint>, slug: Slug) => {
    const page = (await renditionFor(ctx)).page(slug)
    return docsPage(ctx, { slug, title: pageSource(slug).title, html: page.html, headings: page.headings })
  }
  const pages = Sitelet.PartOf<Endpoint>().Infer(Pages, {
    Home: (ctx) => show(ctx, "home"),
    SearchIndex: async (ctx) =>
      Content.Custom({
        Headers: { "Content-Type": "application/json; charset=utf-8" },
        Body: (await renditionFor(ctx)).index(),
      }),
    Page: (ctx, e) => (isPageSlug(e.slug) ? show(ctx, e.slug) : Content.NotFound()),
  })
  return Sitelet.Sum(
    pages,
    Sitelet.Shift("assets", Sitelet.EmbedInUnion(Docs, "Assets", Sitelet.Files(join(root, "public")))),
    Sitelet.Shift("vendor", Sitelet.EmbedInUnion(Docs, "Vendor", Sitelet.Files(miniSearchBuild))),
    Sitelet.Shift("api", Sitelet.EmbedInUnion(Docs, "Api", Sitelet.Files(options.apiDirectory))),
  )
}

/** Every page's endpoint value, for the static export. */
export const everyPage: readonly Endpoint[] = pageSlugs.map((slug) => ({ $: "Page", slug }))
