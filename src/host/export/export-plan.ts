/**
 * What a static export asks the site for: the URL of every GET route
 * without parameters, the URLs of the endpoint values the caller lists,
 * the files of each `Sitelet.Files` directory; and, for the report, every
 * route it cannot turn into a file, with the reason.
 */
import type { DescribedField, DescribedRoute } from "../../router/describe.js"

/**
 * A route the export did not write, and why: behind `Protect`, no GET, a
 * path parameter without a listed value, a field the request must carry
 * (a required query, header, cookie or body), or a WebSocket.
 *
 * @example
 * ```ts
 * const skipped: SkippedRoute = { route: "GET /blog/{id}", reason: "parameters", detail: exportMessages.parameters }
 * ```
 */
export interface SkippedRoute {
  readonly route: string
  readonly reason: "protected" | "method" | "parameters" | "request" | "socket"
  readonly detail: string
}

/** Sentences of the export's report and errors, written once. */
export const exportMessages = {
  protected: "behind Sitelet.Protect: a static file cannot check credentials",
  socket: "is a WebSocket, which a static host cannot serve (serve it with the live site)",
  method: (methods: readonly string[]) => `answers ${methods.join(", ")} only: a static host serves GET`,
  parameters: "has path parameters and no listed endpoint value reaches it (list them in `endpoints`)",
  request: (fields: readonly string[]) => `needs ${fields.join(", ")}, which a static request cannot carry`,
  status: (status: number) => `answered ${status}, not 200`,
  eventStream: "answered a stream of events, which a file cannot be",
  timeout: (ms: number) => `did not finish its answer within ${ms} ms`,
  query: "carries a query, which a static host does not pass to a file",
  badFileName: "names a file outside the output directory, or with a character no file name may have",
  nameTooLong: (bytes: number) =>
    `has a segment of more than ${bytes} bytes, longer than a file name may be on common file systems`,
  rootNotHtml: (contentType: string) =>
    `answered ${contentType} at its root, which a static host serves only as index.html (answer HTML there, or export it under a name with an extension)`,
  writeFailed: (message: string) => `could not be written: ${message}`,
  sameFile: (url: string) => `would be written to the same file as ${url}`,
  notServed: "is in the Files directory but the site does not serve it (a dotfile, or a link out of the directory)",
  badOutDir: (outDir: unknown) => `ExportStatic: outDir must be a non-empty directory path, got ${String(outDir)}`,
  badLayout: (layout: unknown) => `ExportStatic: layout must be "file" or "directory", got ${String(layout)}`,
  linkFailed: (message: string) => `its link failed: ${message}`,
} as const

/**
 * What to fetch: static URLs, the `Files` directories (under their URL
 * prefix), the routes with parameters (to check against the listed
 * URLs), and the skipped routes.
 *
 * @example
 * ```ts
 * planExport(describeRoutes(site.Router)).urls //=> ["/", "/about"]
 * ```
 */
export interface ExportPlan {
  readonly urls: readonly string[]
  readonly directories: readonly { readonly prefix: string; readonly directory: string }[]
  readonly parametric: readonly DescribedRoute[]
  /** The WebSocket routes (skipped): a listed value that reaches one is not fetched. */
  readonly sockets: readonly DescribedRoute[]
  readonly skipped: readonly SkippedRoute[]
}

const encodeSegment = (text: string): string => encodeURIComponent(text)

/**
 * The route as a reader knows it: its methods and path, parameters in
 * braces (`GET /blog/{id}`).
 *
 * @example
 * ```ts
 * routeLabel(route) //=> "GET /blog/{id}"
 * ```
 */
export function routeLabel(route: DescribedRoute): string {
  const path = route.segments.map((segment) => (segment.kind === "literal" ? segment.text : `{${segment.name}}`))
  return `${route.methods?.join("|") ?? "*"} /${path.join("/")}`
}

const required = (fields: readonly DescribedField[] | undefined, where: string): string[] =>
  (fields ?? []).filter((field) => !field.optional).map((field) => `the ${where} '${field.key}'`)

/**
 * Sorts the routes of a site into what a static export fetches and what
 * it reports as skipped.
 *
 * @example
 * ```ts
 * const plan = planExport(describeRoutes(site.Router))
 * ```
 */
export function planExport(routes: readonly DescribedRoute[]): ExportPlan {
  const urls: string[] = []
  const directories: { prefix: string; directory: string }[] = []
  const parametric: DescribedRoute[] = []
  const sockets: DescribedRoute[] = []
  const skipped: SkippedRoute[] = []
  const skip = (route: DescribedRoute, reason: SkippedRoute["reason"], detail: string) =>
    skipped.push({ route: routeLabel(route), reason, detail })
  for (const route of routes) {
    const literals = route.segments.flatMap((segment) => (segment.kind === "literal" ? [segment.text] : []))
    const path = `/${literals.map(encodeSegment).join("/")}`
    if (route.files !== undefined) {
      directories.push({ prefix: path === "/" ? "" : path, directory: route.files.directory })
      continue
    }
    if (route.protected !== undefined) {
      skip(route, "protected", exportMessages.protected)
      continue
    }
    // Before the parameters: listing a socket's values would not make it a file.
    if (route.socket !== undefined) {
      sockets.push(route)
      skip(route, "socket", exportMessages.socket)
      continue
    }
    if (route.methods !== undefined && !route.methods.includes("GET")) {
      skip(route, "method", exportMessages.method(route.methods))
      continue
    }
    const needs = [
      ...required(route.query, "query field"),
      ...required(route.headers, "header"),
      ...required(route.cookies, "cookie"),
      ...required(route.form, "form field"),
      ...(route.json === undefined ? [] : ["a JSON body"]),
    ]
    if (needs.length > 0) skip(route, "request", exportMessages.request(needs))
    else if (literals.length < route.segments.length) parametric.push(route)
    else if (!urls.includes(path)) urls.push(path)
  }
  return { urls, directories, parametric, sockets, skipped }
}

/**
 * Whether a URL path could be one of the route's: same literals where the
 * route has literals, any segment where it has a parameter, any rest where
 * it has a wildcard or several segments.
 *
 * @example
 * ```ts
 * reaches(blogRoute, ["blog", "12"]) //=> true
 * ```
 */
export function reaches(route: DescribedRoute, segments: readonly string[]): boolean {
  for (let index = 0; index < route.segments.length; index++) {
    const segment = route.segments[index]
    if (segment === undefined) return false
    if (segment.kind === "param" && segment.shape !== "segment") return segments.length >= index
    if (index >= segments.length) return false
    if (segment.kind === "literal" && segment.text !== segments[index]) return false
  }
  return segments.length === route.segments.length
}
