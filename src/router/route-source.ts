/**
 * Where a router's routes come from, as composition left them: the
 * alternatives of a union under a path prefix (`Router.Infer`, then
 * `Shift`), or one fixed path (`Router.Single`). Plain data, kept small:
 * the code that turns it into described routes (`describeRoutes`) is only
 * loaded by what documents a site (`OpenApi.Document`), never by a browser
 * bundle.
 */
import { noteComposition } from "./composition.js"
import type { Router } from "./router.js"
import type { Alternative } from "./codec/shape.js"

/**
 * One source of routes: `alternatives` under `prefix` (decoded segments),
 * or, without alternatives, the single path `prefix` (any method).
 *
 * @example
 * ```ts
 * Router.Shift("api", Router.Infer(Api)).describe() //=> [{ prefix: ["api"], alternatives: [...] }]
 * ```
 */
export interface RouteSource {
  readonly prefix: readonly string[]
  readonly alternatives: readonly Alternative[] | undefined
  /** A single path's endpoint, by its `$` tag (`Router.Single({ $: "About" }, …)`): its operation's name. */
  readonly name?: string
  /** A single path's methods, when it lists them (`Router.Single(e, url, ["GET"])`); else any. */
  readonly methods?: readonly string[]
  /** Behind `Sitelet.Protect`: the credentials it accepts and how it refuses. */
  readonly protected?: ProtectMark
  /** Served by `Sitelet.CorsContent`: other origins may call it from a browser. */
  readonly cors?: boolean
  /** Served by `Sitelet.Files`: files, with ranges and validators, from this directory (as given). */
  readonly files?: FilesMark
  /** Served by `Sitelet.InferWithErrors`: a query or body that fails to parse reaches the handler. */
  readonly withErrors?: boolean
  /** Behind `Sitelet.Guard`s (a rate limit, a tenant check): the statuses they may answer instead. */
  readonly answers?: readonly GuardAnswer[]
  /** A part with `text: "storable"`: a string a database cannot hold is a 400 (problem details). */
  readonly storableText?: boolean
}

/**
 * What `Sitelet.Files` tells documents and the static export: the
 * directory it serves, as given to it.
 *
 * @example
 * ```ts
 * const mark: FilesMark = { directory: "./public" }
 * ```
 */
export interface FilesMark {
  readonly directory: string
}

/**
 * A status a `Sitelet.Guard` may answer, for documents.
 *
 * @example
 * ```ts
 * const limited: GuardAnswer = { code: 429, description: "Too many requests", headers: ["Retry-After"] }
 * ```
 */
export interface GuardAnswer {
  readonly code: number
  readonly description: string
  /** Response headers the answer carries. */
  readonly headers: readonly string[]
}

/**
 * What `Sitelet.Protect` tells a document about its routes: the security
 * schemes it accepts (any one admits), and how it refuses a request
 * without them — a redirect to the login (307), a challenge (401, and 403
 * for a user it refuses), or either, chosen per request.
 *
 * @example
 * ```ts
 * const mark: ProtectMark = { schemes: [["bearer", { type: "http", scheme: "bearer" }]], redirect: false, challenge: true }
 * ```
 */
export interface ProtectMark {
  readonly schemes: readonly (readonly [name: string, scheme: SecurityScheme])[]
  readonly redirect: boolean
  readonly challenge: boolean
}

/**
 * An OpenAPI security scheme object (the kinds `Sitelet.Protect` uses);
 * the session cookie's `name` is the document's `sessionCookie`.
 *
 * @example
 * ```ts
 * const scheme: SecurityScheme = { type: "http", scheme: "bearer", bearerFormat: "JWT" }
 * ```
 */
export interface SecurityScheme {
  readonly type: "apiKey" | "http"
  readonly in?: "header" | "cookie"
  readonly name?: string
  readonly scheme?: "bearer"
  readonly bearerFormat?: string
  readonly description?: string
}

/**
 * The same router, its sources marked (`protected`, `cors`): every other
 * member is the router's own (no wrapper on the routing or linking path),
 * and it is noted as the same router's (`composition.ts`).
 *
 * @example
 * ```ts
 * const guarded = markSources(site.Router, { protected: mark })
 * ```
 */
export function markSources<R extends { describe(): readonly RouteSource[] }>(
  router: R,
  mark: Pick<RouteSource, "protected" | "cors" | "files" | "withErrors" | "answers" | "storableText">,
): R {
  const marked = Object.create(router) as R
  Object.defineProperty(marked, "describe", {
    value: () =>
      router.describe().map((source) => ({
        ...source,
        ...mark,
        // Guards nest: each adds its answers.
        ...(mark.answers && source.answers ? { answers: [...source.answers, ...mark.answers] } : {}),
      })),
    enumerable: true,
  })
  // It routes as the router does (Allow is found from its make-up).
  return noteComposition(Object.freeze(marked), { kind: "same", inner: router as unknown as Router<unknown> })
}
