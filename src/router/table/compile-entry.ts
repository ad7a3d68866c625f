/**
 * `sitelets/compile`: the root `Router` with `Compile`, for build scripts,
 * the CLI and the esbuild and Vite plugins (`CompileRoutes`) — apart from the root package so that no browser bundle
 * carries the code generator (only the table's check, in `Router.Infer`).
 *
 * @example
 * ```ts
 * import { writeFileSync } from "node:fs"
 * import { Router } from "sitelets/compile"
 * writeFileSync("routes.compiled.js", Router.Compile(Router.Infer(Site)))
 * ```
 */
import { compileRouter } from "./compile.js"
import { compileLinks } from "./compile-links.js"
import { installWalkedTables } from "../infer.js"
import { RouterNamespace } from "../namespace.js"
import { walkedTable } from "./raw-table.js"

// Where tables are compiled, routers without one walk the same table as data (as served ones do).
installWalkedTables(walkedTable)

export { compileMessages } from "./compile-messages.js"
export { CompileRoutes, type RouteTable, writeRouteTable } from "./compile-plugins.js"
export type { CompiledTable } from "../compiled-table.js"

/**
 * The root `Router` (`Infer`, `Sum`, `Shift`, `Map`, `Embed`, `Single`,
 * `Empty`, `New`) plus `Compile(router)`: the source of the ES module that
 * routes `router`'s plain requests ahead of time; and `CompileLinks(router)`:
 * the source of the one that writes its links (for `CompiledLinks` of
 * `sitelets/link`).
 *
 * @example
 * ```ts
 * const source = Router.Compile(Router.Infer(Site)) // write it to routes.compiled.js
 * ```
 */
export const Router = Object.freeze({ ...RouterNamespace, Compile: compileRouter, CompileLinks: compileLinks })
