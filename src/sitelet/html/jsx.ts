/**
 * JSX for pages (`"jsx": "react-jsx", "jsxImportSource": "sitelets"`): the
 * automatic runtime renders to the same HTML model as `Html` and
 * `Content.Page` — `Html.Element` writes every element, so text and
 * attributes are escaped the same way and URL attributes go through
 * `safeUrl`. Fragments, function components with typed props, and `async`
 * components (the element is then a promise, awaited where it is used);
 * raw markup only through `Html.Raw`, never through a prop. No React.
 */
import { Element, type HtmlAttributes, type HtmlChild, renderChildren, SafeHtml, trusted } from "./html.js"
import { htmlMessages } from "./html-messages.js"

/**
 * What a JSX expression is: markup, or a promise of it when an `async`
 * component is inside.
 *
 * @example
 * ```ts
 * const page: JsxNode = <main><h1>Hi</h1></main>
 * ```
 */
export type JsxNode = SafeHtml | Promise<SafeHtml>

/**
 * A child in JSX: what `Html` takes, or a promise of it (an `async` component).
 *
 * @example
 * ```ts
 * const child: JsxChild = ["text", <br />, await loadRows()]
 * ```
 */
export type JsxChild = HtmlChild | JsxNode | Promise<JsxChild> | readonly JsxChild[]

/** A function component: props in, markup (or a promise of it) out. */
export type Component<Props = Record<string, never>> = (props: Props) => JsxChild

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function"

// The children as a flat list, and whether one of them is a promise (an async component's).
function flatten(children: JsxChild, into: Array<HtmlChild | Promise<unknown>>): boolean {
  if (Array.isArray(children)) {
    let pending = false
    for (const item of children as readonly JsxChild[]) pending = flatten(item, into) || pending
    return pending
  }
  into.push(children as HtmlChild | Promise<unknown>)
  return isPromise(children)
}

/**
 * A child as `Html` takes it, once every promise in it settled: a promised
 * child may hold more promises (an async component rendering async ones),
 * settled all the way down.
 *
 * @example
 * ```ts
 * await settle([<Async />, "b"]) //=> [SafeHtml, "b"]
 * ```
 */
export async function settle(child: HtmlChild | PromiseLike<unknown> | readonly unknown[]): Promise<HtmlChild> {
  const value = isPromise(child) ? await child : child
  const flat: Array<HtmlChild | Promise<unknown>> = []
  return flatten(value as JsxChild, flat) ? Promise.all(flat.map(settle)) : (flat as HtmlChild[])
}

/**
 * Whether a promise is among the children (an `async` component's), at any
 * depth of their lists; every synchronous element is markup already.
 *
 * @example
 * ```ts
 * hasPromise([<p>a</p>, "b"]) //=> false
 * ```
 */
export function hasPromise(children: JsxChild): boolean {
  if (Array.isArray(children)) {
    for (const child of children as readonly JsxChild[]) if (hasPromise(child)) return true
    return false
  }
  return isPromise(children)
}

// Children through `build` (Html's rules apply to them as given), now or once every promise among them settled.
function withChildren(children: JsxChild, build: (children: HtmlChild[]) => SafeHtml): JsxNode {
  // A single child (text, a node) skips the flattening: the common case of a leaf element.
  if (!Array.isArray(children))
    return isPromise(children) ? settle(children).then((child) => build([child])) : build([children as HtmlChild])
  const flat: Array<HtmlChild | Promise<unknown>> = []
  if (!flatten(children, flat)) return build(flat as HtmlChild[])
  return Promise.all(flat.map(settle)).then(build)
}

/**
 * `<>…</>`: its children, side by side.
 *
 * @example
 * ```ts
 * <><li>a</li><li>b</li></>
 * ```
 */
export function Fragment(props: { readonly children?: JsxChild }): JsxNode {
  return withChildren(props.children, (children) => trusted(renderChildren(children)))
}

/**
 * The automatic runtime's element factory (`jsx`, `jsxs` and `jsxDEV` are
 * the same): an intrinsic element through `Html.Element` (its escaping and
 * rules: `<script>` and `<style>` take only `Html.Raw`, void elements no
 * children), or a component called with its props.
 *
 * @example
 * ```ts
 * String(jsx("a", { href: "/blog", children: "Tom & Jerry" })) //=> '<a href="/blog">Tom &amp; Jerry</a>'
 * ```
 */
export function jsx(type: string | Component<never>, props: Readonly<Record<string, unknown>>): JsxNode {
  if (typeof type === "function") {
    const out = (type as Component<Readonly<Record<string, unknown>>>)(props)
    // A component that rendered one element: that element (no second copy of its markup).
    if (out instanceof SafeHtml) return out
    return withChildren(out, (children) => trusted(renderChildren(children)))
  }
  const attributes: Record<string, HtmlAttributes[string]> = {}
  for (const name of Object.keys(props)) {
    if (name === "children") continue
    const value = props[name]
    if (name === "dangerouslySetInnerHTML") throw new TypeError(htmlMessages.jsxRawProp())
    const kind = typeof value
    if (kind !== "string" && kind !== "number" && kind !== "boolean" && value !== undefined && value !== null)
      throw new TypeError(htmlMessages.jsxAttributeValue(type, name, kind))
    // A name spread in from data (`__proto__`) is an own key like any other (Html.Element then refuses or writes it).
    if (name === "__proto__")
      Object.defineProperty(attributes, name, { value, enumerable: true, writable: true, configurable: true })
    else attributes[name] = value as HtmlAttributes[string]
  }
  return withChildren(props.children as JsxChild, (children) => Element(type, attributes, ...children))
}

export { jsx as jsxs, jsx as jsxDEV }

/** `SafeHtml` is the rendered element: `String(<p/>)` is its markup. */
export { SafeHtml }
