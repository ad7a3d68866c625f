/**
 * Markdown to HTML for the documentation site: markdown-it (CommonMark),
 * code highlighted by shiki at render time (light and dark themes, no
 * script in the page), GitHub's heading anchors (so a link that works on
 * GitHub works here), and links between the Markdown files rewritten to the
 * site's typed links.
 */
import MarkdownIt from "markdown-it"
import { createHighlighter, type Highlighter } from "shiki"

/** A heading of a page: its level, text and anchor. */
export interface Heading {
  readonly level: number
  readonly text: string
  readonly id: string
}

/** A rendered page: its HTML, headings (for the table of contents) and plain text by section (for search). */
export interface Rendered {
  readonly html: string
  readonly headings: readonly Heading[]
  readonly sections: readonly { readonly heading: Heading | undefined; readonly text: string }[]
}

const languages = ["ts", "tsx", "json", "sh", "toml"] as const

/**
 * GitHub's anchor of a heading: lower case, punctuation dropped, spaces to
 * hyphens; a repeated anchor gets `-1`, `-2`.
 *
 * @example
 * ```ts
 * anchorOf("405 and `Allow`, `OPTIONS`") //=> "405-and-allow-options"
 * ```
 */
export function anchorOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}_\- ]/gu, "")
    .replace(/ /g, "-")
}

let highlighter: Promise<Highlighter> | undefined

/**
 * A renderer whose links go through `rewrite` (a Markdown file's relative
 * link in, the site's URL out, or undefined to keep it as written).
 *
 * @example
 * ```ts
 * const render = await markdownRenderer((href) => (href === "json.md" ? "/json" : undefined))
 * render("# JSON\n\nSee [JSON](json.md).").html
 * ```
 */
export async function markdownRenderer(
  rewrite: (href: string) => string | undefined,
): Promise<(markdown: string) => Rendered> {
  const shiki = await (highlighter ??= createHighlighter({
    themes: ["github-light", "github-dark"],
    langs: [...languages],
  }))
  const md = new MarkdownIt({
    html: true,
    linkify: false,
    highlight: (code, lang) => {
      const language = (languages as readonly string[]).includes(lang) ? lang : "text"
      return shiki.codeToHtml(code, { lang: language, themes: { light: "github-light", dark: "github-dark" } })
    },
  })
  // `<id:integer>` in prose is a template's hole, not a link (CommonMark reads `<scheme:…>` as one): the pages
  // write their links as links.
  md.disable("autolink")
  return (markdown) => {
    const env = {}
    const tokens = md.parse(markdown, env)
    const headings: Heading[] = []
    const seen = new Map<string, number>()
    const sections: { heading: Heading | undefined; text: string[] }[] = [{ heading: undefined, text: [] }]
    for (const [index, token] of tokens.entries()) {
      if (token.type === "heading_open") {
        const inline = tokens[index + 1]
        const text = inline?.children?.map((child) => child.content).join("") ?? ""
        const base = anchorOf(text)
        const count = seen.get(base)
        seen.set(base, (count ?? -1) + 1)
        const id = count === undefined ? base : `${base}-${count + 1}`
        token.attrSet("id", id)
        const heading = { level: Number(token.tag.slice(1)), text, id }
        headings.push(heading)
        if (heading.level <= 3) sections.push({ heading, text: [] })
      } else if (token.type === "inline" || token.type === "fence") {
        if (tokens[index - 1]?.type !== "heading_open") sections.at(-1)?.text.push(token.content)
      }
      for (const child of token.children ?? []) {
        const href = child.type === "link_open" ? child.attrGet("href") : null
        if (typeof href === "string") {
          const target = rewrite(href)
          if (target !== undefined) child.attrSet("href", target)
        }
      }
    }
    return {
      html: md.renderer.render(tokens, md.options, env),
      headings,
      sections: sections.map(({ heading, text }) => ({ heading, text: text.join("\n") })),
    }
  }
}
