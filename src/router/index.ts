/**
 * The routing core: the `Router` contract, `Router.Infer` over a declaration
 * and the composition primitives (`Sum`, `Shift`, `Map`, `Embed`, `Single`),
 * what a composition is made of (its sources, its parts, its routes' names),
 * a router's routes as data (`describe.ts`, for the documents), the methods
 * a path allows, and the contract of a compiled route table. It builds on
 * the rooms below it (`request/`, `body/`, `link/`, `codec/`); the table
 * compiler (`table/`) builds on it.
 *
 * It may import `descriptor/`, `internal/`, `router/body/`, `router/codec/`,
 * `router/link/` and `router/request/` (its row of docs/architecture.md,
 * which the layers test holds the code to). Other rooms import its modules
 * by their paths, not through this index, so a bundle or a Worker loads only
 * the modules it uses; this index is the room's table of contents, checked
 * by the compiler.
 *
 * @example
 * ```ts
 * Router.Infer(Site).Link({ $: "Article", id: 1, slug: "hello world" }) //=> "/article/1/hello%20world"
 * ```
 */
export {
  type Answering,
  firstAnswers,
  isTagged,
  type MappedAnswers,
  type RouterAnswers,
  type SumAnswers,
} from "./answers.js"
export { Embed, Empty, type EndpointOfRouter, Map, Shift, Single, Sum } from "./combinators.js"
export {
  type CompiledTable,
  inferredAlternatives,
  routesRawFirst,
  routeTableHash,
  type TableMatch,
} from "./compiled-table.js"
export { noteComposition } from "./composition.js"
export { type DescribedField, type DescribedRoute, type DescribedSegment, describeRoutes } from "./describe.js"
export { Infer, inferInput, type InferOptions, installWalkedTables } from "./infer.js"
export { routerMessages } from "./messages.js"
export { RouterNamespace } from "./namespace.js"
export { methodsOfPath, type PathMethods, probedPathMethods } from "./path-methods.js"
export { routeName, routeOfPath } from "./route-names.js"
export {
  type GuardAnswer,
  markSources,
  type ProtectMark,
  type RouteSource,
  type SecurityScheme,
} from "./route-source.js"
export { type RouteOutcome, Router } from "./router.js"
export { badTable, staleTable } from "./table-messages.js"
