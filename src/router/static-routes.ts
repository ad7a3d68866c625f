import { acceptsMethod } from "./alternative.js"
import type { Alternative } from "./shape.js"

/**
 * A case reached by its raw path alone: the methods it accepts and its tag.
 *
 * @example
 * ```ts
 * const route: StaticRoute = { methods: new Set(["GET"]), tag: "Repos", literals: ["user", "repos"] }
 * ```
 */
export interface StaticRoute {
  readonly methods: ReadonlySet<string> | undefined
  readonly tag: string
  /** The decoded segments the path stands for, compared before answering (a hand-made request may disagree with its path). */
  readonly literals: readonly string[]
}

const literalsOf = (alternative: Alternative): string[] =>
  alternative.elements.slice(0, alternative.prefix).map((element) => (element as { literal: string }).literal)

const isStatic = (alternative: Alternative) => alternative.prefix === alternative.elements.length

/**
 * The static-path table of a union (rou3's map lookup before any tree
 * walk): raw path → case, for each alternative made only of literals that
 * has no field at all (no query, form or JSON field) and that no earlier alternative can
 * reach (an earlier static one with the same path, or an earlier one whose
 * leading literals are a prefix of it). Literals holding `/` or `%` are left
 * out, so a raw path equal to a key has no escape and splits into exactly
 * the case's literals: `/a%2Fb` never passes for `/a/b`.
 *
 * @example
 * ```ts
 * staticRoutes(alternatives).get("/user/repos") //=> { methods: Set { "GET" }, tag: "R63", literals: ["user", "repos"] }
 * ```
 */
export function staticRoutes(alternatives: readonly Alternative[]): Map<string, StaticRoute> {
  const out = new Map<string, StaticRoute>()
  const taken = new Set<string>()
  alternatives.forEach((alternative, index) => {
    if (!isStatic(alternative)) return
    const path = literalsOf(alternative)
    const key = "/" + path.join("/")
    const reachable = alternatives.slice(0, index).some((earlier) => {
      const literals = literalsOf(earlier)
      if (isStatic(earlier)) return literals.length === path.length && literals.every((literal, i) => literal === path[i])
      return literals.length <= path.length && literals.every((literal, i) => literal === path[i])
    })
    const { shape } = alternative
    const plain = path.every((literal) => !literal.includes("/") && !literal.includes("%"))
    if (reachable || taken.has(key) || !plain || shape.tag === undefined || shape.fields.length > 0) {
      taken.add(key)
      return
    }
    taken.add(key)
    out.set(key, { methods: alternative.methods, tag: shape.tag, literals: path })
  })
  return out
}

/**
 * The endpoint a static route gives for a request, or undefined when the
 * route does not accept the method or the request's segments are not the
 * route's literals.
 *
 * @example
 * ```ts
 * staticEndpoint(route, ["user", "repos"], "HEAD") //=> { $: "R63" }
 * ```
 */
export function staticEndpoint(route: StaticRoute, segments: readonly string[], method: string): { $: string } | undefined {
  const { literals } = route
  if (segments.length !== literals.length || !acceptsMethod(route.methods, method)) return undefined
  for (let i = 0; i < literals.length; i++) if (segments[i] !== literals[i]) return undefined
  return { $: route.tag }
}
