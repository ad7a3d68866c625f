/**
 * Browser routing: `Router.Install` (history API) and `Router.InstallHash`
 * (the `#` fragment, for static hosting). The installed router parses the
 * current location into an endpoint value, navigates with
 * `pushState`/`replaceState`, follows back/forward, and (history mode) takes
 * over clicks on same-origin links the router accepts.
 */
import { type RoutePath, routePathToString } from "../router/link/route-path.js"
import { globalWindow, type BrowserWindow } from "./browser-window.js"
import { routableClick } from "./link-click.js"
import { hrefOf, locationLink, type RoutingMode } from "./location-path.js"
import * as clientMessages from "./messages.js"
import { linkOf } from "./request.js"
import type { Linkable } from "../descriptor/request-only.js"

/**
 * What browser routing needs of a router: its links and `Parse` — a full
 * router, a client router, or `sitelets/route`'s.
 *
 * @example
 * ```ts
 * const routable: NavigableRouter<Pages> = Router.Infer(Pages)
 * ```
 */
export interface NavigableRouter<Endpoint> {
  link(endpoint: Endpoint): RoutePath | undefined
  Parse(request: { readonly url: string; readonly method?: string }): Promise<Endpoint | undefined>
}

/** Options of `Router.Install` / `Router.InstallHash`. */
export interface InstallOptions<Endpoint> {
  /** The window to route (default: the global `window`). */
  readonly window?: BrowserWindow
  /** Called with each new endpoint (`undefined` when the location matches no case). */
  readonly onChange?: (endpoint: Endpoint | undefined) => void
  /** History mode: take over clicks on links the router accepts (default true). */
  readonly interceptLinks?: boolean
}

/** Options of one navigation. */
export interface NavigateOptions {
  /** Replace the current history entry instead of pushing one. */
  readonly replace?: boolean
}

/**
 * A router installed in a window.
 *
 * @example
 * ```ts
 * const app = Router.Install(router, { onChange: render })
 * a.href = app.href({ $: "Article", id: 1 })
 * app.navigate({ $: "Search", q: "x" })
 * ```
 */
export interface InstalledRouter<Endpoint> {
  /** How links are kept in the URL. */
  readonly mode: RoutingMode
  /** The endpoint of the current location; undefined before the first parse or when no case matches. */
  readonly current: Endpoint | undefined
  /** Settles when the location at install time has been parsed. */
  readonly ready: Promise<Endpoint | undefined>
  /**
   * The `href` for an `<a>`: the link, or `#` + link in hash mode. Throws
   * `LinkError` when no URL carries the value, and `TypeError` for a case
   * reached only with another method than GET or carrying a body.
   */
  href(endpoint: Linkable<Endpoint>): string
  /**
   * Goes to an endpoint without reloading: a new history entry (or a
   * replaced one), then `current` becomes `endpoint` and listeners run
   * synchronously. Throws like `href`.
   */
  navigate(endpoint: Linkable<Endpoint>, options?: NavigateOptions): void
  /** Listens to endpoint changes; returns the function that stops listening. */
  subscribe(listener: (endpoint: Endpoint | undefined) => void): () => void
  /** Parses the location again (after history was changed by other code). */
  refresh(): Promise<Endpoint | undefined>
  /** Removes every listener this router added to the window. */
  dispose(): void
}

/**
 * The link of an endpoint a browser can navigate to: a GET (or any-method)
 * case without a body. Throws `LinkError` when no URL carries the value,
 * and `TypeError` naming the method or the body otherwise.
 *
 * @example
 * ```ts
 * navigableLink(router, { $: "Article", id: 1 }) //=> "/article/1"
 * ```
 */
export function navigableLink<Endpoint>(router: NavigableRouter<Endpoint>, endpoint: Endpoint): string {
  const path = linkOf(router, endpoint)
  const link = routePathToString(path)
  if (path.body !== undefined) throw new TypeError(clientMessages.carriesBody(link))
  if (path.method !== undefined && path.method !== "GET")
    throw new TypeError(clientMessages.notNavigable(link, path.method))
  return link
}

/**
 * Installs a router in the browser, in history (`"history"`) or hash mode.
 *
 * @example
 * ```ts
 * const app = installRouter("history", router, { onChange: (e) => render(e) })
 * ```
 */
export function installRouter<Endpoint>(
  mode: RoutingMode,
  router: NavigableRouter<Endpoint>,
  options: InstallOptions<Endpoint> = {},
): InstalledRouter<Endpoint> {
  const win = options.window ?? globalWindow()
  if (win === undefined) throw new TypeError(clientMessages.noWindow)
  const listeners = new Set<(endpoint: Endpoint | undefined) => void>()
  if (options.onChange) listeners.add(options.onChange)
  let current: Endpoint | undefined
  let generation = 0
  let disposed = false
  // What the location held when it was last turned into an endpoint: popstate and hashchange both
  // fire on a hash traversal, and in history mode a jump to an in-page #anchor changes no endpoint.
  let shownKey = ""
  const keyOf = (href: string) => {
    const url = new URL(href)
    return locationLink(mode, url) ?? "anchor:" + url.href
  }

  const show = (endpoint: Endpoint | undefined) => {
    current = endpoint
    for (const listener of [...listeners]) listener(endpoint)
  }

  const parseHref = (href: string): Promise<Endpoint | undefined> => {
    const link = locationLink(mode, new URL(href))
    return link === undefined ? Promise.resolve(undefined) : router.Parse({ method: "GET", url: link })
  }

  const refresh = async (): Promise<Endpoint | undefined> => {
    const mine = ++generation
    const href = win.location.href
    const endpoint = await parseHref(href)
    // A later navigation wins over a slow parse.
    if (mine === generation && !disposed) {
      shownKey = keyOf(href)
      show(endpoint)
    }
    return endpoint
  }

  const onHistory = () => {
    if (keyOf(win.location.href) !== shownKey) void refresh()
  }

  const onClick = (event: Event) => {
    const url = routableClick(event as unknown as MouseEvent, win.location.href)
    if (url === undefined) return
    // The decision must be synchronous; a link no case accepts is then loaded the ordinary way.
    event.preventDefault()
    const mine = ++generation
    const follow = (endpoint: Endpoint | undefined) => {
      if (mine !== generation || disposed) return
      if (endpoint === undefined) return win.location.assign(url.href)
      // A link to the page already shown replaces its entry, as a browser does.
      if (keyOf(url.href) === keyOf(win.location.href)) win.history.replaceState(null, "", url.href)
      else win.history.pushState(null, "", url.href)
      shownKey = keyOf(win.location.href)
      show(endpoint)
    }
    router.Parse({ method: "GET", url: url.pathname + url.search }).then(follow, () => follow(undefined))
  }

  const linkFor = (endpoint: Endpoint): string => navigableLink(router, endpoint)

  const intercept = mode === "history" && options.interceptLinks !== false
  win.addEventListener("popstate", onHistory)
  if (mode === "hash") win.addEventListener("hashchange", onHistory)
  if (intercept) win.document.addEventListener("click", onClick)

  const installed: InstalledRouter<Endpoint> = {
    mode,
    get current() {
      return current
    },
    ready: refresh(),
    href: (endpoint) => hrefOf(mode, linkFor(endpoint)),
    navigate(endpoint, navigateOptions = {}) {
      if (disposed) throw new TypeError(clientMessages.alreadyDisposed)
      const url = hrefOf(mode, linkFor(endpoint))
      generation++
      if (navigateOptions.replace) win.history.replaceState(null, "", url)
      else win.history.pushState(null, "", url)
      shownKey = keyOf(win.location.href)
      show(endpoint)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    refresh,
    dispose() {
      if (disposed) return
      disposed = true
      listeners.clear()
      win.removeEventListener("popstate", onHistory)
      if (mode === "hash") win.removeEventListener("hashchange", onHistory)
      if (intercept) win.document.removeEventListener("click", onClick)
    },
  }
  return installed
}
