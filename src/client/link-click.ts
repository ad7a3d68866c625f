/**
 * Which clicks a history-mode router takes over: a plain left click on a
 * same-origin link that the page would otherwise load in the same tab.
 */

/** The parts of a DOM node walked to find the clicked link. */
interface NodeLike {
  readonly nodeName?: string
  /** The resolved URL (honours `<base>`); an SVG link has an object here instead. */
  readonly href?: unknown
  readonly parentNode?: NodeLike | null
  getAttribute?(name: string): string | null
  hasAttribute?(name: string): boolean
}

/** The parts of a click event read. */
export interface ClickLike {
  readonly defaultPrevented: boolean
  readonly button: number
  readonly metaKey: boolean
  readonly ctrlKey: boolean
  readonly shiftKey: boolean
  readonly altKey: boolean
  readonly target: unknown
  composedPath?(): readonly unknown[]
}

const isElement = (node: unknown): node is Required<Pick<NodeLike, "getAttribute" | "hasAttribute">> & NodeLike =>
  typeof node === "object" && node !== null && typeof (node as NodeLike).getAttribute === "function"

const isLink = (node: NodeLike) => {
  const name = (node.nodeName ?? "").toUpperCase()
  return name === "A" || name === "AREA"
}

// composedPath() crosses shadow roots; walking parentNode is the fallback for old engines and fakes.
function clickedLink(
  event: ClickLike,
): (NodeLike & Required<Pick<NodeLike, "getAttribute" | "hasAttribute">>) | undefined {
  const path = event.composedPath?.()
  if (path && path.length > 0) {
    for (const node of path) if (isElement(node) && isLink(node)) return node
    return undefined
  }
  for (
    let node = event.target as NodeLike | null | undefined, hops = 0;
    node && hops < 256;
    node = node.parentNode, hops++
  ) {
    if (isElement(node) && isLink(node)) return node
  }
  return undefined
}

/**
 * The URL a click should navigate to inside the page, or undefined when the
 * browser must handle it: a click already handled (`defaultPrevented`), not
 * the main button, with a modifier key (new tab/window, download), on a link
 * with a `target` other than `_self`, a `download` attribute, `rel="external"`,
 * no `href`, another origin, or one that only changes the `#fragment` of the
 * current page.
 *
 * @example
 * ```ts
 * document.addEventListener("click", (event) => {
 *   const url = routableClick(event, location.href)
 *   if (url) { event.preventDefault(); show(url) }
 * })
 * ```
 */
export function routableClick(event: ClickLike, currentHref: string): URL | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined
  const link = clickedLink(event)
  if (!link) return undefined
  const target = link.getAttribute("target")
  if (target !== null && target !== "" && target.toLowerCase() !== "_self") return undefined
  if (link.hasAttribute("download")) return undefined
  const rel = link.getAttribute("rel")
  if (rel?.toLowerCase().split(/\s+/).includes("external")) return undefined
  const href = link.getAttribute("href")
  if (href === null) return undefined
  let url: URL
  let current: URL
  try {
    current = new URL(currentHref)
    url = new URL(typeof link.href === "string" ? link.href : href, currentHref)
  } catch {
    return undefined
  }
  if (url.origin !== current.origin || (url.protocol !== "http:" && url.protocol !== "https:")) return undefined
  if (url.hash !== "" && url.pathname === current.pathname && url.search === current.search) return undefined
  return url
}
