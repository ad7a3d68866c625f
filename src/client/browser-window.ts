/**
 * The few browser objects client routing uses, as structural types: a real
 * `window` fits them, and so does a small fake in tests or an iframe's window.
 */

/** The parts of `window.location` used. */
export interface BrowserLocation {
  readonly href: string
  readonly origin: string
  assign(url: string): void
}

/** The parts of `window.history` used. */
export interface BrowserHistory {
  pushState(data: unknown, unused: string, url?: string | URL | null): void
  replaceState(data: unknown, unused: string, url?: string | URL | null): void
}

/** Something events can be listened to on (`window`, `document`). */
export interface BrowserEventTarget {
  addEventListener(type: string, listener: (event: Event) => void): void
  removeEventListener(type: string, listener: (event: Event) => void): void
}

/**
 * The window a router is installed in.
 *
 * @example
 * ```ts
 * const installed = Router.Install(router, { window }) // the global window is the default
 * ```
 */
export interface BrowserWindow extends BrowserEventTarget {
  readonly location: BrowserLocation
  readonly history: BrowserHistory
  readonly document: BrowserEventTarget
}

/**
 * The global window, when there is one.
 *
 * @example
 * ```ts
 * globalWindow() //=> window in a browser, undefined in Node
 * ```
 */
export function globalWindow(): BrowserWindow | undefined {
  const candidate = (globalThis as { window?: unknown }).window
  if (typeof candidate !== "object" || candidate === null) return undefined
  const w = candidate as Partial<BrowserWindow>
  return w.location !== undefined && w.history !== undefined && w.document !== undefined
    ? (w as BrowserWindow)
    : undefined
}
