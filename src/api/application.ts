/**
 * `Application`: whole-site shortcuts. `Text` and `SinglePage` serve only
 * the root path (other paths fall through); `MultiPage` is `Sitelet.Infer`.
 */
import { Content as content } from "../sitelet/content/content.js"
import type { Context } from "../sitelet/context.js"
import { Content as single } from "../sitelet/combinators.js"
import type { HandlerResult } from "../sitelet/handler.js"
import { Infer } from "../sitelet/infer.js"
import type { Sitelet } from "../sitelet/sitelet.js"
import { installFetchHandle } from "../sitelet/fetch-port.js"
import { handleFetch } from "../host/fetch/fetch-handle.js"

// The sitelets built here answer `site.Handle` with the Fetch host: plugged in where they are built, so a
// bundle that builds sitelets keeps the host, and one that only links (t, Router) carries none of it.
installFetchHandle(handleFetch)

/**
 * The endpoint of a root-only application.
 *
 * @example
 * ```ts
 * const root: Root = { $: "Root" }
 * ```
 */
export interface Root {
  readonly $: "Root"
}

const root: Root = Object.freeze({ $: "Root" })

/**
 * A site answering `/` with text; other paths fall through.
 *
 * @example
 * ```ts
 * Application.Text((ctx) => `Hello from ${ctx.Request.path}`)
 * ```
 */
function Text(render: (ctx: Context<Root>) => string | Promise<string>): Sitelet<Root> {
  return single("/", root, async (ctx) => content.Text(await render(ctx)))
}

/**
 * A site answering `/` with one page (any content); other paths fall through.
 *
 * @example
 * ```ts
 * Application.SinglePage(async (ctx) => Content.Page({ Title: "App", Body: Html.div({ id: "app" }) }))
 * ```
 */
function SinglePage(render: (ctx: Context<Root>) => HandlerResult<Root>): Sitelet<Root> {
  return single("/", root, render)
}

/**
 * The `Application` namespace: `Text`, `SinglePage`, and `MultiPage`
 * (= `Sitelet.Infer`).
 *
 * @example
 * ```ts
 * const hello = Application.Text(() => "Hello, world")
 * ```
 */
export const Application = Object.freeze({ Text, SinglePage, MultiPage: Infer })
