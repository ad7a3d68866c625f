/**
 * What `sitelets/react`'s hooks read: the endpoint the location stands for
 * and its link, as an external store for `useSyncExternalStore`. In the
 * browser the store installs the router (history or hash mode) on the
 * first subscriber and reads the location synchronously (`Match`), so the
 * first render (and hydration) already has the endpoint; a fixed URL (the
 * server's request, a test) gives a store that never changes.
 */
import { type BrowserWindow, globalWindow } from "../client/browser-window.js"
import { type InstalledRouter, installRouter, type NavigableRouter } from "../client/install.js"
import { locationLink, type RoutingMode } from "../client/location-path.js"

/**
 * What the React bindings need of a router: links, `Parse` for the history
 * router, and `Match` to read a location synchronously — a full or client
 * router, or `sitelets/route`'s (the lightest).
 *
 * @example
 * ```ts
 * const routable: ReactRoutable<Pages> = Router.Infer(Pages) // from "sitelets/route" or "sitelets/client"
 * ```
 */
export interface ReactRoutable<Endpoint> extends NavigableRouter<Endpoint> {
  Match(method: string, target: string): Endpoint | undefined
}

/** The endpoint shown and the router link of the location (path and query; hash mode: the fragment's). */
export interface Shown<Endpoint> {
  readonly endpoint: Endpoint | undefined
  readonly link: string | undefined
}

const nowhere: Shown<never> = Object.freeze({ endpoint: undefined, link: undefined })

/**
 * The endpoint a link stands for, read without waiting (`Match("GET", link)`).
 *
 * @example
 * ```ts
 * shownAt(router, "/blog/3") //=> { endpoint: { $: "Post", id: 3 }, link: "/blog/3" }
 * ```
 */
export function shownAt<Endpoint>(router: ReactRoutable<Endpoint>, link: string | undefined): Shown<Endpoint> {
  return link === undefined ? nowhere : Object.freeze({ endpoint: router.Match("GET", link), link })
}

/**
 * The browser's store: a snapshot replaced on every change, and the
 * installed router (made on first use; its clicks are the `Link`
 * component's, so it takes over none of the document's).
 *
 * @example
 * ```ts
 * const store = browserStore(router, "history", undefined)
 * const shown = store.snapshot()
 * ```
 */
export function browserStore<Endpoint>(
  router: ReactRoutable<Endpoint>,
  mode: RoutingMode,
  given: BrowserWindow | undefined,
) {
  let shown: Shown<Endpoint> | undefined
  let installed: InstalledRouter<Endpoint> | undefined
  const win = () => given ?? globalWindow()
  const here = (w: BrowserWindow) => shownAt(router, locationLink(mode, new URL(w.location.href)))
  const install = (w: BrowserWindow) =>
    (installed ??= installRouter(mode, router, {
      window: w,
      interceptLinks: false,
      // Runs before every other listener (it was added first): subscribers read the new snapshot.
      onChange: (endpoint) => {
        shown = Object.freeze({ endpoint, link: locationLink(mode, new URL(w.location.href)) })
      },
    }))
  return {
    /** The current snapshot (the same object until the location changes). */
    snapshot(): Shown<Endpoint> {
      const w = win()
      if (w === undefined) return nowhere
      return (shown ??= here(w))
    },
    /** Listens to changes, installing the router on first use. */
    subscribe(listener: () => void): () => void {
      const w = win()
      if (w === undefined) return () => undefined
      return install(w).subscribe(listener)
    },
    /** The installed router, for navigation; undefined outside a browser. */
    installed(): InstalledRouter<Endpoint> | undefined {
      const w = win()
      return w === undefined ? undefined : install(w)
    },
    /** The window's location, for click decisions. */
    location(): string | undefined {
      return win()?.location.href
    },
  }
}

/** The store `browserStore` makes. */
export type BrowserStore<Endpoint> = ReturnType<typeof browserStore<Endpoint>>
