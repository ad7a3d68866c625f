/**
 * `sitelets/otel`: OpenTelemetry traces and metrics named by route, as the
 * host option `telemetry` (node:http, Express, the Fetch host). The one
 * entry that imports `@opentelemetry/api`.
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
