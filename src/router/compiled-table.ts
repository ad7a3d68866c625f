/**
 * What a compiled route table is to the runtime router: the module
 * `Router.Compile` writes (`hash`, `match`), the hash of a declaration's
 * alternatives it is checked against, and the alternatives of each
 * router `Router.Infer` made (the only routers a table can be compiled
 * from: a composed router's values are not its parts').
 */
import { badTable, staleTable } from "./table-messages.js"
import { compositionOf } from "./composition.js"
import type { Descriptor } from "../descriptor/descriptor.js"
import type { Alternative, Element } from "./codec/shape.js"

/**
 * A compiled route table, as imported: `import * as compiled from "./routes.compiled.js"`.
 *
 * @example
 * ```ts
 * const router = Router.Infer(Site, { compiled: await import("./routes.compiled.js") })
 * ```
 */
export interface CompiledTable {
  /** The hash of the declaration it was compiled from. */
  readonly hash: string
  /** The endpoint of a request, `null` when no case takes it, `undefined` when the runtime router decides. */
  readonly match: TableMatch
}

/** A table's answer: an endpoint, `null` when no case takes the target, `undefined` when the runtime router decides. */
export type TableMatch = (method: string, target: string) => object | null | undefined

// Each router of `Router.Infer` on a union: its alternatives (made when first asked) and its declaration.
const inferred = new WeakMap<
  object,
  { readonly alternatives: () => readonly Alternative[]; readonly declaration: Descriptor }
>()

/**
 * Notes the alternatives and the declaration of a router `Router.Infer`
 * made on a union.
 *
 * @example
 * ```ts
 * noteInferred(router, alternatives, descriptor)
 * ```
 */
export function noteInferred(
  router: object,
  alternatives: () => readonly Alternative[],
  declaration: Descriptor,
): void {
  inferred.set(router, { alternatives, declaration })
}

/**
 * The declaration a router of `Router.Infer` was made from, or undefined for any other router.
 *
 * @example
 * ```ts
 * inferredDeclaration(Router.Infer(Site)) === Site //=> true
 * ```
 */
export function inferredDeclaration(router: object): Descriptor | undefined {
  return inferred.get(router)?.declaration
}

/**
 * The alternatives of a router `Router.Infer` made on a union, or undefined for any other router.
 *
 * @example
 * ```ts
 * inferredAlternatives(Router.Infer(Site))?.length //=> the number of routes
 * ```
 */
export function inferredAlternatives(router: object): readonly Alternative[] | undefined {
  return inferred.get(router)?.alternatives()
}

const elementKey = (element: Element): unknown =>
  "literal" in element ? ["L", element.literal] : ["F", element.name, element.text?.kind ?? null, element.wildcard]

/**
 * A hash of what routing reads of a declaration (tags, methods, path
 * elements, query, form, header and cookie fields, the JSON field), as 16
 * hex digits: two 32-bit FNV-1a hashes of its canonical text.
 *
 * @example
 * ```ts
 * routeTableHash(alternatives) //=> "3f2a…"
 * ```
 */
export function routeTableHash(alternatives: readonly Alternative[]): string {
  const text = JSON.stringify(
    alternatives.map(({ shape, methods, elements }) => [
      shape.tag ?? null,
      methods === undefined ? null : [...methods],
      elements.map(elementKey),
      shape.fields.map((field) => field.name),
      shape.params.map((param) => [param.name, param.source, param.key, param.codec.kind]),
      shape.json?.name ?? null,
    ]),
  )
  let a = 0x811c9dc5
  let b = 0x01000193 ^ text.length
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    a = Math.imul(a ^ code, 0x01000193) >>> 0
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0")
}

/**
 * The table, checked: the module's shape, and its hash against the declaration's.
 *
 * @example
 * ```ts
 * checkedTable(compiled, alternatives).match("GET", "/blog/3")
 * ```
 */
export function checkedTable(compiled: unknown, alternatives: readonly Alternative[]): CompiledTable {
  const table = compiled as Partial<CompiledTable> | null
  if (
    typeof table !== "object" ||
    table === null ||
    typeof table.hash !== "string" ||
    typeof table.match !== "function"
  )
    throw new TypeError(badTable)
  if (table.hash !== routeTableHash(alternatives)) throw new TypeError(staleTable)
  return table as CompiledTable
}

const rawFirst = new WeakSet<object>()
// routesRawFirst's answers, per router.
const rawFirstAnswers = new WeakMap<object, boolean>()

/**
 * Marks a router that routes on the raw target first (it has a route
 * table, compiled or walked as data), so hosts hand it a view parsed on
 * first read.
 *
 * @example
 * ```ts
 * noteRawFirst(router) // in Router.Infer, for a union (unless { rawTable: false })
 * ```
 */
export function noteRawFirst(router: object): void {
  rawFirst.add(router)
}

/**
 * Whether a router routes on the raw target first: hosts then build a
 * `RequestView` (its target parsed on first read) instead of plain data.
 * So does a router that routes as one does and hands it the request
 * unchanged: `Map`, `Embed`, and a part marked for documents (`Protect`,
 * `InferWithErrors`, `Guard`); not `Sum` or `Shift`, whose other parts or
 * offset the table does not serve.
 *
 * @example
 * ```ts
 * routesRawFirst(Router.Infer(Site, { compiled })) //=> true
 * routesRawFirst(Sitelet.Protect(protection, Sitelet.Infer(Site, handlers, { compiled })).Router) //=> true
 * ```
 */
export function routesRawFirst(router: object): boolean {
  // Asked per request: one lookup once known (a router's make-up is fixed when it is made).
  let known = rawFirstAnswers.get(router)
  if (known === undefined) {
    let current = router
    while (!rawFirst.has(current)) {
      const composition = compositionOf(current)
      if (composition?.kind !== "same" && composition?.kind !== "fallback") break
      current = composition.inner
    }
    known = rawFirst.has(current)
    rawFirstAnswers.set(router, known)
  }
  return known
}
