/**
 * The page layout, in JSX: a header with the site's name and a navigation
 * of typed links, the page's title and body, a footer. The stylesheet is a
 * file of `Sitelet.Files` (`public/site.css`), linked with a typed link.
 */
import { Content, Router } from "../../src/index.js"
import type { JSX } from "sitelets/jsx-runtime"
import { Site } from "./endpoints.js"
import { pages } from "./client/routes.js"
import { Chat } from "./chat/messages.js"

/** What the layout needs of a context: links to any page of the site. */
export interface SiteLinks {
  readonly Link: (endpoint: Site) => string
}

const siteRouter = Router.Infer(Site)

/**
 * Links to any page of the site from a part that only links its own
 * (the admin and account areas, embedded with `EmbedInUnion`): the site's
 * router, under the host's mount path.
 *
 * @example
 * ```ts
 * layout(siteLinks(ctx), "Dashboard", body) // in the admin area
 * ```
 */
export function siteLinks(ctx: { readonly ApplicationPath: string }): SiteLinks {
  const prefix = ctx.ApplicationPath
  return {
    Link: (endpoint) => {
      const path = siteRouter.Link(endpoint)
      return prefix === "" ? path : path === "/" ? prefix : prefix + path
    },
  }
}

// The sections of the navigation; `current` marks the one a page belongs to.
const sections = [
  ["Blog", { $: "Blog" }],
  ["Search", { $: "Search" }],
  ["Contact", { $: "Contact" }],
  ["API", { $: "Api", call: { $: "ListArticles" } }],
  ["Admin", { $: "Admin", page: { $: "Dashboard" } }],
  ["Account", { $: "Account", page: { $: "Profile" } }],
] as const satisfies readonly (readonly [string, Site])[]

/** A section name of the navigation (the chat room and the front end are sitelets of their own). */
export type Section = (typeof sections)[number][0] | "Chat"

const chatRouter = Router.Infer(Chat)

const Header = ({ ctx, current }: { ctx: SiteLinks; current: Section | undefined }) => (
  <header class="masthead">
    <div class="bar">
      <a class="brand" href={ctx.Link({ $: "Home" })}>
        sitelets<span>example</span>
      </a>
      <nav aria-label="Site">
        {sections.map(([name, endpoint]) => (
          <a href={ctx.Link(endpoint)} aria-current={name === current ? "page" : undefined}>
            {name}
          </a>
        ))}
        {/* The chat room and the browser front end are separate sitelets; their own routers link them. */}
        <a href={chatRouter.Link({ $: "Room", room: "lobby" })} aria-current={current === "Chat" ? "page" : undefined}>
          Chat
        </a>
        <a class="app" href={pages.Link({ $: "Home" })}>
          App
        </a>
      </nav>
    </div>
  </header>
)

/**
 * A full page with the site's header and footer. `current` marks the
 * section of the navigation the page belongs to.
 *
 * @example
 * ```tsx
 * await layout(ctx, "Home", <p>Hello</p>)
 * ```
 */
export async function layout(ctx: SiteLinks, title: string, body: JSX.Element, current?: Section) {
  return Content.Page({
    Title: `${title} · sitelets example`,
    Lang: "en",
    Head: await (
      <>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* A file of Sitelet.Files, linked with a typed link (ETag, 304, gzip with the host options). */}
        <link rel="stylesheet" href={ctx.Link({ $: "Static", file: { $: "File", path: "site.css" } })} />
      </>
    ),
    Body: await (
      <>
        <Header ctx={ctx} current={current} />
        <main>
          <h1>{title}</h1>
          {body}
        </main>
        <footer>
          <p>Served by sitelets: every link on this page was written from a typed endpoint value.</p>
        </footer>
      </>
    ),
  })
}
