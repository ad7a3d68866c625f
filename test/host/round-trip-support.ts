/**
 * The round trip P1 as a request: the echo sitelet (answers the parsed
 * endpoint as JSON) and the wire request `Link(x)` describes (URL, method,
 * JSON or form body). Shared by the host tests and the runtime matrix
 * (whose servers bundle it: nothing here may import a test library).
 */
import { serialize } from "../../src/json/codec/codec.js"
import { LinkError } from "../../src/router/link/link-error.js"
import { routePathToString, type RoutePath } from "../../src/router/link/route-path.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Site } from "../fixtures/site.js"
import type { WireRequest } from "./support.js"

/** Answers every endpoint of the fixture union with its JSON. */
export const echo = Sitelet.Infer(Site, (_ctx, e) => Content.Json(e, Site))

/** The request a linked value makes: its target, method and body. */
export function wireRequest(path: RoutePath): WireRequest {
  const target = routePathToString(path)
  const method = path.method ?? "GET"
  if (path.body?.kind === "json") {
    return {
      method,
      target,
      headers: { "content-type": "application/json" },
      body: serialize(path.body.descriptor, path.body.value as never),
    }
  }
  if (path.body?.kind === "form") {
    const body = new URLSearchParams(path.body.fields.map(([key, value]) => [key, String(value)])).toString()
    return { method, target, headers: { "content-type": "application/x-www-form-urlencoded" }, body }
  }
  return { method, target }
}

/** The link of a value, or undefined for a value no URL can carry (a `LinkError`). */
export function linked(value: Site): RoutePath | undefined {
  try {
    return echo.Router.link(value)
  } catch (error) {
    if (error instanceof LinkError) return undefined
    throw error
  }
}
