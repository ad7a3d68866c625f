/**
 * What a composed router is made of, for the questions a router's own
 * interface cannot answer (the methods a path allows): `Sum`'s parts,
 * `Shift`'s prefix and router, the router `Map` and `Embed` wrap (their
 * paths are its paths), `Single`'s one path (any method). Noted by the
 * combinators; any other router is opaque.
 */
import type { Router } from "./router.js"

/** The parts of a composed router. */
export type Composition =
  | { readonly kind: "sum"; readonly parts: ReadonlyArray<Router<unknown>> }
  | { readonly kind: "shift"; readonly segments: readonly string[]; readonly inner: Router<unknown> }
  | { readonly kind: "same"; readonly inner: Router<unknown> }
  | { readonly kind: "single"; readonly segments: readonly string[]; readonly methods?: readonly string[] }
  // Routes as `inner` does, as a last resort (`Sitelet.Fallback`): no method of it is a path's own (Allow).
  | { readonly kind: "fallback"; readonly inner: Router<unknown> }

const compositions = new WeakMap<object, Composition>()

/**
 * Notes what a router is composed of (the combinators call it).
 *
 * @example
 * ```ts
 * noteComposition(router, { kind: "shift", segments: ["api"], inner })
 * ```
 */
export function noteComposition<R extends object>(router: R, composition: Composition): R {
  compositions.set(router, composition)
  return router
}

/**
 * What a router is composed of, or undefined for one no combinator made.
 *
 * @example
 * ```ts
 * compositionOf(Router.Shift("api", inner)) //=> { kind: "shift", segments: ["api"], inner }
 * ```
 */
export function compositionOf(router: object): Composition | undefined {
  return compositions.get(router)
}
