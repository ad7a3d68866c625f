/**
 * Everything the runtime matrix serves, by name: bundled into one ES module
 * (no Node built-ins: the root import is isomorphic) and served by each
 * runtime's entry (`entries/`), one listener per site.
 */
import { Fetch, type FetchHandler, type HostOptions, type SessionSecret, type Sitelet } from "../../src/index.js"
import { hostSite } from "../host/host-site.js"
import { echo } from "../host/round-trip-support.js"
import { site as hardeningSite } from "../hardening/site.js"
import { appOptions, appSite } from "./app-site.js"
import { httpOptions, httpSite } from "./http-site.js"
import { filesSite } from "./files-site.js"
import { socketSite } from "./socket-site.js"
import { hostOptions as mcpOptions, served as mcpSite } from "../mcp/mcp-site.js"

/** The secret the matrix's sessions are signed with (a text binding on workerd, an option elsewhere). */
export const matrixSecret = "the runtime matrix's session secret, 32+ bytes"

const quiet = { onError: () => undefined }
/** What the "strict" site reported. */
export const strictErrors: string[] = []

let files: Sitelet<any> | undefined
let mcp: Sitelet<any> | undefined

/** The sites, in the order the entries serve them. */
export const siteNames = ["host", "hardening", "echo", "app", "strict", "http", "files", "socket", "mcp"] as const
export type SiteName = (typeof siteNames)[number]

/**
 * The sitelet a site name serves.
 *
 * @example
 * ```ts
 * siteOf("host") === hostSite //=> true
 * ```
 */
export function siteOf(name: SiteName): Sitelet<any> {
  switch (name) {
    case "host":
    case "strict":
      return hostSite
    case "hardening":
      return hardeningSite
    case "echo":
      return echo
    case "app":
      return appSite
    case "http":
      return httpSite
    case "files":
      return (files ??= filesSite())
    case "socket":
      return socketSite
    case "mcp":
      return (mcp ??= mcpSite())
  }
}

/**
 * The host options of a site. `secret` is how the app site's sessions get
 * their secret: the value itself, or read from the bindings (Workers).
 *
 * @example
 * ```ts
 * NodeHandler(siteOf("app"), optionsFor("app", matrixSecret))
 * ```
 */
export function optionsFor(name: SiteName, secret: SessionSecret): HostOptions {
  switch (name) {
    case "host":
      // No session secret and no environment access (Deno --allow-net): while developing, the per-process key.
      return { ...quiet, session: { development: true } }
    case "echo":
      return quiet
    case "strict":
      // No secret, not developing: a session is the configuration error, reported to onError (a 500 for the client).
      return {
        onError: (error) => void strictErrors.push(error instanceof Error ? error.message : String(error)),
        session: { development: false },
      }
    case "hardening":
      return { ...quiet, session: { secret: "hardening suite secret, 32 bytes+" } }
    case "app":
      return appOptions(secret)
    case "http":
      return httpOptions
    case "files":
    case "socket":
      return quiet
    case "mcp":
      return { ...quiet, ...mcpOptions }
  }
}

/**
 * The Fetch handler of a site, as every Fetch runtime of the matrix serves it.
 *
 * @example
 * ```ts
 * Bun.serve({ port: 0, fetch: handlerFor("host", matrixSecret).fetch })
 * ```
 */
export function handlerFor(name: SiteName, secret: SessionSecret): FetchHandler {
  return Fetch.Handler(siteOf(name), optionsFor(name, secret))
}
