/**
 * `Sitelet.PartOf<Site>()`: one part of a site served as a `Sum` of parts,
 * its handlers' context typed over the whole site. `ctx.Link` resolves
 * through the whole served sitelet at run time; here it does in types too,
 * so a public page links the `Protect`-ed admin part, and a `Protect`'s
 * `LoginRedirect` names the login page of another part.
 */
import type { Descriptor, Infer as InferType, NoResponses, ResponseMap } from "../descriptor/descriptor.js"
import type { HandlerFunction, OpenCaseHandlers } from "./handler.js"
import { type CheckedHandler, type DeclaredKeys, type DeclaredResults, Infer, type OpenMark } from "./infer.js"
import type { Sitelet } from "./sitelet.js"

/**
 * The sentence of a part whose endpoints are not all endpoints of the site type.
 *
 * @example
 * ```ts
 * type S = PartNotInSite //=> "Sitelet.PartOf: an endpoint of this part is not an endpoint of the site type"
 * ```
 */
export type PartNotInSite = "Sitelet.PartOf: an endpoint of this part is not an endpoint of the site type"

/** The open handler shape of a part: its cases, the context linking the whole site. */
type OpenPartHandler<D, Site> = D extends {
  readonly "~types"?: { readonly output: infer Output }
  readonly "~responses"?: infer Responses extends { readonly [Tag in string]?: ResponseMap | undefined }
}
  ? HandlerFunction<Output, Site> | (OpenCaseHandlers<Output, Site, Responses> & OpenMark)
  : HandlerFunction<InferType<D>, Site>

/** What a part's handler object is checked against (`HandlerKeys`, its answers' links over the whole site). */
type PartKeys<D, Site> = D extends {
  readonly kind: "union"
  readonly cases: infer Cases
  readonly "~responses"?: infer Responses extends { readonly [Tag in string]?: ResponseMap | undefined }
}
  ? [Responses] extends [NoResponses]
    ? keyof Cases & string
    : DeclaredKeys<keyof Cases & string, DeclaredResults<Site, Responses>, Responses>
  : never

/**
 * The builders of a part of the site `Site`.
 *
 * @example
 * ```ts
 * const part: SitePart<Site> = Sitelet.PartOf<Site>()
 * ```
 */
export interface SitePart<Site> {
  /**
   * `Sitelet.Infer` for a part: the sitelet serves the part's endpoints and
   * is typed over the whole site (its router links only its own; a `Sum`
   * of the parts links them all); the handlers' `ctx.Link` takes any
   * endpoint of the site.
   */
  Infer<const D extends Descriptor, H extends OpenPartHandler<D, Site>>(
    descriptor: [InferType<D>] extends [Site] ? D : PartNotInSite,
    handler: CheckedHandler<H, PartKeys<D, Site>>,
  ): Sitelet<Site>
}

const part: SitePart<never> = Object.freeze({
  Infer: (descriptor: Descriptor, handler: unknown) => Infer(descriptor, handler as never) as Sitelet<never>,
}) as unknown as SitePart<never>

/**
 * The builders of one part of a site whose endpoint type is `Site` (the
 * union of its parts' endpoint types), for a site served as a `Sum` of
 * parts.
 *
 * @example
 * ```ts
 * type Site = Infer<typeof Public> | Infer<typeof Admin>
 * const pages = Sitelet.PartOf<Site>().Infer(Public, {
 *   Home: (ctx) => Content.Page({ Body: Html.a({ href: ctx.Link({ $: "Dashboard" }) }, "admin") }),
 *   Login: () => Content.Text("log in"),
 * })
 * const admin = Sitelet.Protect<Site>(
 *   { VerifyUser: (user) => user === "root", LoginRedirect: () => ({ $: "Login" }) },
 *   Sitelet.PartOf<Site>().Infer(Admin, { Dashboard: (ctx) => Content.Text(ctx.Link({ $: "Home" })) }),
 * )
 * const site = Sitelet.Sum(pages, admin) // Sitelet<Site>
 * ```
 */
export function PartOf<Site>(): SitePart<Site> {
  return part as unknown as SitePart<Site>
}
