/**
 * A small in-memory window for routing tests in Node: a history stack, a
 * location, and event targets. `back()`/`forward()` fire `popstate` (and
 * `hashchange` when only the fragment changed) the way browsers do.
 */
import type { BrowserWindow } from "../../src/client/browser-window.js"

export interface FakeWindow extends BrowserWindow {
  readonly entries: string[]
  readonly assigned: string[]
  back(): void
  forward(): void
  /** Delivers a (fake) click event to the document's listeners. */
  click(event: object): void
  /** Sets the fragment like a user following `<a href="#…">` (a URL relative to the current one). */
  followHash(hash: string): void
}

export function fakeWindow(start: string): FakeWindow {
  const events = new EventTarget()
  const clickListeners = new Set<(event: Event) => void>()
  const document = {
    addEventListener: (type: string, listener: (event: Event) => void) =>
      void (type === "click" && clickListeners.add(listener)),
    removeEventListener: (type: string, listener: (event: Event) => void) => void clickListeners.delete(listener),
  }
  const entries = [start]
  const assigned: string[] = []
  let index = 0
  const href = () => entries[index]!
  const go = (to: number) => {
    if (to < 0 || to >= entries.length) return
    const before = new URL(href())
    index = to
    const after = new URL(href())
    events.dispatchEvent(new Event("popstate"))
    if (before.hash !== after.hash && before.pathname === after.pathname) events.dispatchEvent(new Event("hashchange"))
  }
  const write = (replace: boolean) => (_data: unknown, _unused: string, url?: string | URL | null) => {
    const next = new URL(String(url ?? href()), href()).href
    if (replace) entries[index] = next
    else {
      entries.splice(index + 1, entries.length, next)
      index++
    }
  }
  return {
    entries,
    assigned,
    location: {
      get href() {
        return href()
      },
      get origin() {
        return new URL(href()).origin
      },
      assign: (url: string) => void assigned.push(url),
    },
    history: { pushState: write(false), replaceState: write(true) },
    document,
    addEventListener: (type, listener) => events.addEventListener(type, listener),
    removeEventListener: (type, listener) => events.removeEventListener(type, listener),
    click: (event) => {
      for (const listener of [...clickListeners]) listener(event as Event)
    },
    back: () => go(index - 1),
    forward: () => go(index + 1),
    followHash(hash) {
      entries.splice(index + 1, entries.length, new URL(hash, href()).href)
      index++
      // Browsers fire both on a fragment navigation.
      events.dispatchEvent(new Event("popstate"))
      events.dispatchEvent(new Event("hashchange"))
    },
  }
}

/** A fake `<a>` element and the click event on it. */
export function clickOn(
  attributes: Record<string, string>,
  init: Partial<{
    button: number
    metaKey: boolean
    ctrlKey: boolean
    shiftKey: boolean
    altKey: boolean
    defaultPrevented: boolean
    nodeName: string
    composed: boolean
  }> = {},
) {
  const attrs = new Map(Object.entries(attributes))
  const anchor = {
    nodeName: init.nodeName ?? "A",
    parentNode: null,
    getAttribute: (name: string) => attrs.get(name) ?? null,
    hasAttribute: (name: string) => attrs.has(name),
  }
  const child = { nodeName: "SPAN", parentNode: anchor, getAttribute: () => null, hasAttribute: () => false }
  let prevented = init.defaultPrevented ?? false
  const event = {
    type: "click",
    get defaultPrevented() {
      return prevented
    },
    button: init.button ?? 0,
    metaKey: init.metaKey ?? false,
    ctrlKey: init.ctrlKey ?? false,
    shiftKey: init.shiftKey ?? false,
    altKey: init.altKey ?? false,
    target: child,
    preventDefault: () => void (prevented = true),
    ...(init.composed ? { composedPath: () => [child, anchor] } : {}),
  }
  return event
}
