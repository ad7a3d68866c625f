/**
 * The example's host options: what `npm start` serves with, and what the
 * tests check. It turns on the HTTP behaviour sitelets can answer by itself
 * (see README, HTTP behaviour): 405 with `Allow` and `OPTIONS`, ETags and
 * 304s, compression, and a log line per request.
 */
import type { HostOptions, RequestRecord } from "../../src/index.js"

/** One log line per request, grouped by the endpoint's `$` tag (`Api.ListArticles`), not by raw URL. */
export function logLine(record: RequestRecord): string {
  const tag = typeof record.endpoint === "object" && record.endpoint !== null ? describe(record.endpoint) : "-"
  const failure = record.error === undefined ? "" : ` (${String((record.error as Error).message ?? record.error)})`
  return `${record.requestId} ${record.method} ${record.target} ${tag} ${record.status} ${record.bytes}B ${record.duration.toFixed(1)}ms${failure}`
}

// The case path of an endpoint value: its `$` tag, then that of a nested endpoint (`Api.ListArticles`).
function describe(endpoint: object): string {
  const tag = String((endpoint as { $?: unknown }).$)
  const inner = Object.values(endpoint).find((value) => typeof value === "object" && value !== null && "$" in value)
  return inner === undefined ? tag : `${tag}.${describe(inner)}`
}

/**
 * The options `npm start` uses; `log` receives each request's line (the
 * server prints them; tests collect them).
 *
 * @example
 * ```ts
 * NodeHandler(site, exampleHostOptions(console.log))
 * ```
 */
export function exampleHostOptions(log: (line: string) => void): HostOptions {
  return {
    // SITELETS_SECRET signs the logins when set; without it, a demo still works: a per-process key (logins end with the process).
    session: { development: true },
    // Cross-site form posts and unsafe requests from other origins are refused (see README, Cross-site requests).
    csrf: true,
    // DELETE /blog: 405 with Allow; OPTIONS /blog: 204 with Allow.
    methodNotAllowed: true,
    // Every GET answer gets an ETag; If-None-Match gets a 304.
    etag: true,
    // The API's JSON (about 600 bytes) is worth compressing; the default threshold is 1 KB.
    compress: { threshold: 512 },
    observe: (record) => log(logLine(record)),
  }
}
