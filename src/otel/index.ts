/**
 * `sitelets/otel`: OpenTelemetry traces and metrics named by route, as the
 * host option `telemetry` (node:http, Express, the Fetch host). The one
 * entry that imports `@opentelemetry/api`.
 *
 * In the repository, it may import `host/`, `internal/` and `router/` (its
 * row of docs/architecture.md, which the layers test holds the code to). A
 * package entry: users import it by its name.
 *
 * @example
 * ```ts
 * import { OpenTelemetry } from "sitelets/otel"
 * createServer(NodeHandler(site, { telemetry: OpenTelemetry() }))
 * ```
 */
export { OpenTelemetry, type OpenTelemetryOptions } from "./open-telemetry.js"
export type {
  Telemetry,
  TelemetryClientRequest,
  TelemetryClientScope,
  TelemetryEnd,
  TelemetryRequest,
  TelemetryScope,
  TelemetrySession,
  TelemetrySessionStart,
} from "../internal/telemetry.js"
