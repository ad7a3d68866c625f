/**
 * The route-table compiler: a program of its own beside the router. It
 * turns a declaration's alternatives into a plan (`table-plan.ts`), writes
 * the plan as the source of an ES module (`compile.ts`, `compile-tree.ts`,
 * `compile-literals.ts`, `compile-prelude.ts`), or walks the same plan as
 * data at run time (`raw-table.ts`, `raw-scan.ts`); and it brings that
 * module to a build: the bin's command line (`compile-command.ts`), the
 * declaration loaders (`compile-load.ts`, `compile-loaders.ts`) and the
 * bundler plugins (`compile-plugins.ts`). `compile-entry.ts` is the
 * package entry `sitelets/compile`.
 *
 * It may import `descriptor/`, `router/`, `router/codec/` and `router/link/` (its row of
 * docs/architecture.md, which the layers test holds the code to): the
 * shape of a declaration and `compiled-table.ts`'s contract. Nothing below
 * the hosts imports it, and the core knows a table only through
 * `compiled-table.ts`. Modules of other rooms import what they need by its
 * module, not through this index: a host loads `raw-table.ts` alone, never
 * the loaders and their `node:` modules (the Fetch host runs on Workers).
 *
 * @example
 * ```ts
 * import { compileRouter, walkedTable } from "./router/table/index.js"
 * const source = compileRouter(Router.Infer(Site)) // the module's text
 * ```
 */
export { cliUsage, parseCliArguments, runCli } from "./compile-command.js"
export { compileRouter } from "./compile.js"
export { compileMessages } from "./compile-messages.js"
export { CompileRoutes, type RouteTable, writeRouteTable } from "./compile-plugins.js"
export { walkedTable } from "./raw-table.js"
