/**
 * `ReactRouter(router)`: React components and hooks typed by a router —
 * `Link` (an `<a href>` from the router's link, navigating through the
 * history router without a reload, `aria-current="page"` when active),
 * `useEndpoint()` (the current endpoint, typed), `useNavigate()`, and
 * `Location` (a fixed URL: the request being rendered on the server).
 */
import {
  type AnchorHTMLAttributes,
  createContext,
  createElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useContext,
  useMemo,
  useSyncExternalStore,
} from "react"
import type { BrowserWindow } from "../client/browser-window.js"
import { navigableLink, type NavigateOptions } from "../client/install.js"
import { routableClick } from "../client/link-click.js"
import { hrefOf, locationLink, type RoutingMode } from "../client/location-path.js"
import * as clientMessages from "../client/messages.js"
import type { Linkable } from "../descriptor/request-only.js"
import { browserStore, type ReactRoutable, type Shown, shownAt } from "./location-store.js"

/** Options of `ReactRouter`. */
export interface ReactRouterOptions {
  /** Where links live: the path (`"history"`, the default) or the fragment (`"hash"`, for static hosting). */
  readonly mode?: RoutingMode
  /** The window to route (default: the global `window`; none on the server). */
  readonly window?: BrowserWindow
}

/** The props of a typed `Link`: an `<a>`'s, with `to` instead of `href`. */
export interface LinkProps<Endpoint> extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** The endpoint linked to: its URL is the `href`; a value no URL carries throws `LinkError`. */
  readonly to: Linkable<Endpoint>
  /** Replace the current history entry instead of pushing one. */
  readonly replace?: boolean
  /** Props added while the link's URL is the location's (besides `aria-current="page"`). */
  readonly activeProps?: AnchorHTMLAttributes<HTMLAnchorElement>
}

/** The props of `Location`: the URL rendered (a request's path and query, or a full URL). */
export interface LocationProps {
  readonly url: string
  readonly children?: ReactNode
}

/**
 * What `ReactRouter(router)` gives, typed by the router's endpoints.
 *
 * @example
 * ```tsx
 * const { Link, useEndpoint } = ReactRouter(Router.Infer(Pages))
 * <Link to={{ $: "Post", id: 3 }}>Post 3</Link>
 * ```
 */
export interface ReactRoutes<Endpoint> {
  /** A typed `<a href>`: a plain click navigates without a reload; modifier clicks stay the browser's. */
  Link(props: LinkProps<Endpoint>): ReactElement
  /** The endpoint of the current location (`undefined`: no case matches); re-renders on navigation. */
  useEndpoint(): Endpoint | undefined
  /** Navigates to an endpoint (a new history entry, or `{ replace: true }`); throws outside a browser. */
  useNavigate(): (to: Linkable<Endpoint>, options?: NavigateOptions) => void
  /** Renders its children at a fixed URL: the request on the server (`react-dom/server`), or a test. */
  Location(props: LocationProps): ReactElement
}

const noSubscription = () => () => undefined

/**
 * React bindings for a router.
 *
 * @example
 * ```tsx
 * import { Router } from "sitelets/route" // or "sitelets/client", for a router that also fetches
 * import { ReactRouter } from "sitelets/react"
 * const { Link, useEndpoint, useNavigate } = ReactRouter(Router.Shift("app", Router.Infer(Pages)))
 * function App() {
 *   const page = useEndpoint()
 *   return page?.$ === "Post" ? <Post id={page.id} /> : <Link to={{ $: "Post", id: 3 }}>Post 3</Link>
 * }
 * ```
 */
export function ReactRouter<Endpoint>(
  router: ReactRoutable<Endpoint>,
  options: ReactRouterOptions = {},
): ReactRoutes<Endpoint> {
  const mode = options.mode ?? "history"
  const store = browserStore(router, mode, options.window)
  const Fixed = createContext<Shown<Endpoint> | undefined>(undefined)

  const useShown = (): Shown<Endpoint> => {
    const fixed = useContext(Fixed)
    const subscribe = fixed === undefined ? store.subscribe : noSubscription
    const snapshot = fixed === undefined ? store.snapshot : () => fixed
    return useSyncExternalStore(subscribe, snapshot, snapshot)
  }

  const navigate = (to: Linkable<Endpoint>, navigateOptions?: NavigateOptions): void => {
    const installed = store.installed()
    if (installed === undefined) throw new TypeError(clientMessages.noWindow)
    installed.navigate(to, navigateOptions)
  }

  function Link(props: LinkProps<Endpoint>): ReactElement {
    const { to, replace, activeProps, onClick, ...anchor } = props
    const shown = useShown()
    const link = navigableLink(router, to as Endpoint)
    // Active when the location parses as this link's endpoint (`/app/` and `/app?utm=1` are Home at `/app`): the
    // canonical link of what the router parsed, compared with this one.
    const active = canonicalOf(shown) === link
    const click = (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event)
      const location = store.location()
      if (event.defaultPrevented || location === undefined) return
      if (routableClick(event.nativeEvent, location) === undefined) return
      event.preventDefault()
      navigate(to, replace ? { replace } : undefined)
    }
    return createElement("a", {
      ...anchor,
      ...(active ? { "aria-current": "page" as const, ...activeProps } : {}),
      href: hrefOf(mode, link),
      onClick: click,
    })
  }

  // The canonical link of the endpoint shown, once per snapshot (every Link of a render compares with it).
  const canonical = new WeakMap<Shown<Endpoint>, string | undefined>()
  const canonicalOf = (shown: Shown<Endpoint>): string | undefined => {
    if (shown.endpoint === undefined) return undefined
    if (!canonical.has(shown)) {
      let link: string | undefined
      try {
        link = navigableLink(router, shown.endpoint)
      } catch {
        link = undefined
      }
      canonical.set(shown, link)
    }
    return canonical.get(shown)
  }

  function Location(props: LocationProps): ReactElement {
    const link = locationLink(mode, new URL(props.url, "http://localhost"))
    const shown = useMemo(() => shownAt(router, link), [link])
    return createElement(Fixed.Provider, { value: shown }, props.children)
  }

  return Object.freeze({
    Link,
    Location,
    useEndpoint: () => useShown().endpoint,
    useNavigate: () => navigate,
  })
}
