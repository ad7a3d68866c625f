/**
 * `JsxLink(router)`: a typed `Link` component for sitelets' own JSX pages,
 * from a router alone (no `ctx`): `<Link to={{ $: "Post", id: 3 }}>` is an
 * `<a href="/blog/3">`, and a wrong case or field is a compile error.
 */
import type { Linkable } from "../../descriptor/request-only.js"
import type { Router } from "../../router/router.js"
import { type JsxChild, type JsxNode, jsx } from "./jsx.js"
import type { Anchor } from "./jsx-types.js"

/** The props of a `JsxLink` component: an `<a>`'s attributes, with `to` instead of `href`. */
export interface JsxLinkProps<Endpoint> extends Omit<Anchor, "href"> {
  /** The endpoint linked to; a value no URL carries throws the router's `LinkError`. */
  readonly to: Linkable<Endpoint>
  readonly children?: JsxChild
}

/**
 * A typed link component for JSX pages, by a router: for a part of a
 * composed site, give the router that links the whole site (a `Shift`ed
 * one, `site.Router`) so the `href` has every prefix.
 *
 * @example
 * ```tsx
 * const Link = JsxLink(Router.Infer(Pages))
 * const nav = <nav><Link to={{ $: "Post", id: 3 }} class="post">Post 3</Link></nav>
 * ```
 */
export function JsxLink<Endpoint>(router: Router<Endpoint>): (props: JsxLinkProps<Endpoint>) => JsxNode {
  return ({ to, children, ...attributes }) => jsx("a", { ...attributes, href: router.Link(to), children })
}
