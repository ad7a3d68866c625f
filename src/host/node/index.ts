/**
 * `sitelets/node`: serve a sitelet with `node:http` or Connect/Express.
 *
 * In the repository, it may import `host/`, `host/export/`, `internal/`,
 * `router/request/`, `sitelet/` and `sitelet/sockets/` (its row of
 * docs/architecture.md, which the layers test holds the code to). A package
 * entry: users import it by its name.
 *
 * @example
 * ```ts
 * import { createServer } from "node:http"
 * import { NodeHandler, Middleware } from "sitelets/node"
 * createServer(NodeHandler(site)).listen(8080)
 * ```
 */
export { NodeHandler, Middleware, type ConnectMiddleware, type NodeRequestHandler } from "./node-handler.js"
export { defaultLimits, type HostLimits, type HostOptions } from "../host-options.js"
export type { RequestObserver, RequestRecord } from "../request-record.js"
export type { CsrfOptions } from "../csrf.js"
export type { HostEnv } from "../../sitelet/context.js"
export { HostError, isHostError, type HostErrorType } from "../host-errors.js"
export { ExportStatic, type ExportOptions, type ExportReport, type ExportedFile } from "../export/export-static.js"
export type { SkippedRoute } from "../export/export-plan.js"
