/**
 * The host-agnostic core every host runs: checks limits, parses the target
 * once, finds the accepting part of the sitelet, builds the context, and
 * turns the handler's content into a plain response description.
 */
import { routesRawFirst } from "../router/compiled-table.js"
import { createRouteRequest, once, type RouteHeaders, type RouteRequest, upperCase } from "../router/request.js"
import { RequestView } from "../router/request-view.js"
import { installWalkedTables } from "../router/infer.js"
import { walkedTable } from "../router/table/raw-table.js"
import type { Sitelet } from "../sitelet/sitelet.js"
import {
  header,
  isStreamBody,
  sharedContent,
  staticContent,
  type ContentHeader,
  type StaticContent,
} from "../sitelet/content-model.js"
import { reasonPhrase, Status } from "../sitelet/http-status.js"
import { withAcceptedCors } from "../sitelet/cors-content.js"
import { isPreflight } from "../sitelet/cors-headers.js"
import { allowHeader, allowedMethods, lacksAllow, withAllow } from "./allowed-methods.js"
import { entityTag, notModified } from "../sitelet/validators.js"
import { type Encoding, planCompression } from "./compression.js"
import { HostError, hostMessages, isHostError } from "./host-errors.js"
import { checkBody, unreadBodyError } from "./body-check.js"
import { checkTarget } from "./target-check.js"
import { socketAnswer } from "./upgrade.js"
import { isSocketBody } from "../sitelet/web-socket.js"
import { csrfRefusal, requestOrigin } from "./csrf.js"
import { bodyProblem, problemContent } from "./problem.js"
import { type ContextInit, HostContext } from "./host-context.js"
import { isPromise } from "../internal/maybe-promise.js"
import { passesGates, withheldBody } from "../sitelet/body-gate.js"
import type { Context } from "../sitelet/context.js"
import { memoByList } from "../internal/list-memo.js"
import type { ResolvedHostOptions } from "./host-options.js"

// Served routers of `Router.Infer` route on the raw target with their table walked as data (src/router/table/raw-table.ts).
installWalkedTables(walkedTable)

/**
 * What a host hands to {@link serveRequest}.
 *
 * @example
 * ```ts
 * const init: ServeInit = { method: "GET", target: "/", headers: new Headers(), readBody: async () => new Uint8Array(), secure: false }
 * ```
 */
export interface ServeInit extends ContextInit {
  readonly method: string
  /** The raw request target (origin-form or absolute-form). */
  readonly target: string
  /**
   * The target's origin-form (`/path?query`) when the host has it already:
   * the Fetch host cuts it from a URL whose authority is a plain
   * `host[:port]`. Else the target is parsed whole.
   */
  readonly originForm?: string | undefined
  /** More than one `Host` header came (a 400, RFC 9112 §3.2): set by hosts whose platform lets it through. */
  readonly repeatedHost?: boolean
  readonly headers: RouteHeaders
  /** Reads the body (at most once, as a method of the init) within `limit` bytes (a case's `MaxBytes`), else within the host's limit. */
  readonly readBody: (limit?: number) => Promise<Uint8Array>
}

/**
 * The outcome of serving one request:
 * - `served`: write the handler's `content`;
 * - `rejected`: a malformed or oversized request: write the 4xx `content`, or `next(error)` under Connect;
 * - `declined`: no part accepts the request (fall through / 404);
 * - `failed`: a handler threw (500, or `next(err)` under Connect).
 *
 * @example
 * ```ts
 * const outcome = await serveRequest(site, init, options)
 * if (outcome.kind !== "declined") write(outcome.content)
 * ```
 */
export type ServeOutcome =
  | {
      readonly kind: "served"
      readonly content: StaticContent
      readonly endpoint?: unknown
      /** Compress the body with this coding (the content's headers already say so, but for `Content-Encoding`). */
      readonly encoding?: Encoding
    }
  | {
      readonly kind: "rejected"
      readonly error: HostError
      readonly content: StaticContent
      readonly endpoint?: unknown
    }
  | { readonly kind: "declined" }
  | { readonly kind: "failed"; readonly error: unknown; readonly content: StaticContent; readonly endpoint?: unknown }

const nosniff = header("X-Content-Type-Options", "nosniff")
const plainText = header("Content-Type", "text/plain; charset=utf-8")
const strictCsp = header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")
const errorHeaders = Object.freeze([plainText, nosniff, strictCsp])

/**
 * A short plain-text error response with a strict CSP.
 *
 * @example
 * ```ts
 * errorContent(404).body //=> "Not Found"
 * ```
 */
export function errorContent(code: number, message?: string): StaticContent {
  const text = message ?? reasonPhrase(code)
  return sharedContent(Status.Custom(code), errorHeaders, text)
}

const declined: ServeOutcome = Object.freeze({ kind: "declined" })

const rejected = (error: HostError): ServeOutcome => ({
  kind: "rejected",
  error,
  content: errorContent(error.status, error.message),
})

/**
 * Serves one request with a sitelet. Never throws: limits and malformed
 * targets give `rejected` (4xx), handler exceptions give `failed` (500).
 * The outcome is synchronous when dispatching and serving are (no body
 * read, no awaiting handler), so a host can write without a microtask.
 *
 * @example
 * ```ts
 * const outcome = await serveRequest(site, { method: "GET", target: "/", headers, readBody, secure: false }, resolveHostOptions({}))
 * if (outcome.kind === "served") write(outcome.content)
 * ```
 */
export function serveRequest<Endpoint>(
  site: Sitelet<Endpoint>,
  init: ServeInit,
  options: ResolvedHostOptions,
): ServeOutcome | Promise<ServeOutcome> {
  const tooLarge = checkTarget(init.originForm ?? init.target, options)
  if (tooLarge) return rejected(tooLarge)
  if (init.repeatedHost === true)
    return rejected(new HostError(400, "request.host.repeated", hostMessages.repeatedHost))
  const serving = new Serving(site, init, options)
  const request = serving.request
  if (request.bad !== undefined)
    return rejected(new HostError(400, "request.target.malformed", hostMessages.badTarget(request.bad)))
  const base = options.baseSegments
  for (let i = 0; i < base.length; i++) if (request.segments[i] !== base[i]) return declined
  let found
  try {
    found = site.dispatch(request, base.length, false)
  } catch (error) {
    return thrown(error, request, options)
  }
  return isPromise(found)
    ? Promise.resolve(found).then(
        (strict) => serving.strict(strict),
        (error: unknown) => serving.thrown(error),
      )
    : serving.strict(found)
}

type Found<Endpoint> = Awaited<ReturnType<Sitelet<Endpoint>["dispatch"]>>

/**
 * One request on its way through dispatch and the handler. The steps are
 * methods rather than closures, and each awaits only what is a promise.
 */
class Serving<Endpoint> {
  readonly request: RouteRequest
  // Bodies are checked on the bytes read (charset, UTF-8, form field count); a read body cannot fall through.
  bodyRead = false
  /** The endpoint value of the accepting part, once found (hooks group by its `$` tag). */
  endpoint: unknown = undefined
  #context: HostContext<Endpoint> | undefined = undefined

  constructor(
    readonly site: Sitelet<Endpoint>,
    readonly init: ServeInit,
    readonly options: ResolvedHostOptions,
  ) {
    const read = (limit: number | undefined) => {
      this.bodyRead = true
      return init
        .readBody(limit)
        .then((bytes) => checkBody(bytes, init.headers.get("content-type"), options.limits.queryParameters))
    }
    // Credentials and limits come before the body (body-gate.ts): a cross-site write and a request a gate refuses
    // read no byte of it. The part whose gate refused answers.
    const readBody = (limit?: number): Promise<Uint8Array> => {
      const csrf = options.csrf
      if (csrf !== undefined) {
        const refused = csrfRefusal(
          this.request,
          () => requestOrigin(init.target, init.headers.get("host"), init.secure),
          csrf,
        )
        if (refused !== undefined) return Promise.reject(refused)
      }
      const open = passesGates(this.request, () => this.context() as Context<unknown>)
      if (open === true) return read(limit)
      return Promise.resolve(open).then((passed) => (passed ? read(limit) : Promise.reject(withheldBody)))
    }
    const target = init.originForm ?? init.target
    // A router with a route table (compiled, or walked as data) routes on the raw target: its view is parsed only
    // if something reads it.
    this.request = routesRawFirst(site.Router)
      ? new RequestView(upperCase(init.method), target, init.headers, once(readBody), options.bodyLimits)
      : createRouteRequest({
          method: init.method,
          target,
          headers: init.headers,
          readBody,
          bodyLimits: options.bodyLimits,
        })
  }

  /** The request's one context: a gate's before the body is read, then the handler's. */
  context(): HostContext<Endpoint> {
    return (this.#context ??= new HostContext(this.site, this.request, this.init, this.options))
  }

  /** After the strict pass: the lenient pass when no part accepted and some part may. */
  strict(found: Found<Endpoint>): ServeOutcome | Promise<ServeOutcome> {
    if (found !== undefined || !this.site.lenient) return this.found(found)
    let lenient
    try {
      lenient = this.site.dispatch(this.request, this.options.baseSegments.length, true)
    } catch (error) {
      return this.thrown(error)
    }
    return isPromise(lenient)
      ? Promise.resolve(lenient).then(
          (result) => this.found(result),
          (error: unknown) => this.thrown(error),
        )
      : this.found(lenient)
  }

  found(found: Found<Endpoint>): ServeOutcome | Promise<ServeOutcome> {
    if (found === undefined)
      return this.bodyRead ? this.unusableBody() : this.options.methodNotAllowed ? this.methodAnswer() : declined
    // A plain OPTIONS no case takes is the host's to answer (204 with Allow), also where an InferWithErrors handler
    // would get it as InvalidMethod: one answer for every path, before any credential (a 405's place in the order).
    const request = this.request
    if (
      found.weak === "method" &&
      request.method === "OPTIONS" &&
      this.options.methodNotAllowed &&
      !isPreflight(request.method, request.headers)
    )
      return this.methodAnswer()
    const csrf = this.options.csrf
    // A part that took the request only to say its method is wrong (InferWithErrors' 405) did not accept the
    // method: that answer is given, not a 403 for an unsafe method no case takes here.
    if (csrf !== undefined && found.weak !== "method") {
      const init = this.init
      const refused = csrfRefusal(
        this.request,
        () => requestOrigin(init.target, init.headers.get("host"), init.secure),
        csrf,
      )
      if (refused !== undefined) return this.refused(refused, errorContent(refused.status, refused.message))
    }
    this.endpoint = found.endpoint
    const ctx = this.context()
    let content
    try {
      content = found.serve(ctx)
    } catch (error) {
      return this.thrown(error)
    }
    if (!isPromise(content)) return this.served(content, ctx)
    const deadline = this.options.deadline
    if (deadline === undefined)
      return Promise.resolve(content).then(
        (served) => this.served(served, ctx),
        (error: unknown) => this.thrown(error),
      )
    return this.withDeadline(Promise.resolve(content), ctx, deadline)
  }

  /**
   * The handler's outcome, or a 503 when it is still running after
   * `deadline` ms: `ctx.Signal` is aborted and its later answer dropped
   * (a later exception other than the signal's own reason still goes to
   * `onError`).
   */
  withDeadline(content: Promise<StaticContent>, ctx: HostContext<Endpoint>, deadline: number): Promise<ServeOutcome> {
    return new Promise((resolve) => {
      let late = false
      const timer = setTimeout(() => {
        late = true
        const error = new HostError(503, "request.deadline", hostMessages.deadlinePassed(deadline))
        HostContext.abort(ctx, new DOMException(error.message, "TimeoutError"))
        resolve(this.refused(error, errorContent(503, error.message)))
      }, deadline)
      content.then(
        (served) => {
          if (late) {
            // Dropped: a stream it carries is released unopened.
            if (isStreamBody(served.body)) served.body.discard?.()
            return
          }
          clearTimeout(timer)
          resolve(this.served(served, ctx))
        },
        (error: unknown) => {
          if (!late) {
            clearTimeout(timer)
            resolve(this.thrown(error))
          } else if (error !== ctx.Signal.reason) this.options.onError(error)
        },
      )
    })
  }

  /**
   * A request no part accepted, under `methodNotAllowed`: when some case
   * matches its path with other methods only, 405 with `Allow` (a plain
   * `OPTIONS`: 204 with `Allow`); else declined, as without the option. A
   * CORS preflight keeps its own answer (a `CorsContent` part's, or none).
   */
  methodAnswer(): ServeOutcome | Promise<ServeOutcome> {
    const request = this.request
    if (isPreflight(request.method, request.headers)) return declined
    let allowed
    try {
      allowed = allowedMethods(
        this.site.Router as Sitelet<unknown>["Router"],
        request,
        this.options.baseSegments.length,
      )
    } catch (error) {
      return this.thrown(error)
    }
    const answer = (methods: readonly string[] | undefined): ServeOutcome => {
      // The method is accepted there: the request failed on its query or body, and falls through as before.
      if (methods === undefined || methods.includes(request.method)) return declined
      const allow = allowHeader(methods, true)
      const content =
        request.method === "OPTIONS"
          ? staticContent(Status.NoContent, [allow], undefined)
          : staticContent(Status.MethodNotAllowed, [...errorHeaders, allow], reasonPhrase(405))
      return { kind: "served", content: finish(content, noCookies) }
    }
    return isPromise(allowed)
      ? Promise.resolve(allowed).then(answer, (error: unknown) => this.thrown(error))
      : answer(allowed)
  }

  /**
   * A body some case read but no case could use: 415 for a media type no
   * case reads, else 400. With problem details (the default), the answer is
   * `application/problem+json`, and the router's error pass over the read
   * body says why (the JSON path, the form field).
   */
  unusableBody(): ServeOutcome | Promise<ServeOutcome> {
    const general = unreadBodyError(this.init.headers.get("content-type"))
    if (!this.options.problemDetails) return this.refused(general, errorContent(general.status, general.message))
    const plain = this.refused(general, problemContent(general))
    if (general.status !== 400) return plain
    let explained
    try {
      explained = this.site.Router.route(this.request, this.options.baseSegments.length, true)
    } catch {
      return plain
    }
    const answer = (result: Awaited<typeof explained>): ServeOutcome => {
      const problem = bodyProblem(result)
      return problem === undefined ? plain : this.refused(problem.error, problem.content)
    }
    return isPromise(explained) ? Promise.resolve(explained).then(answer, () => plain) : answer(explained)
  }

  /** A 4xx for a request some part accepted: with that part's CORS headers and `Vary: Origin` (RELIABILITY G3). */
  refused(error: HostError, content: StaticContent): ServeOutcome {
    const answer = withAcceptedCors(this.request, content)
    // After dispatch (the deadline's 503), the refusal belongs to its endpoint (records and spans name its route).
    return this.endpoint === undefined
      ? { kind: "rejected", error, content: answer }
      : { kind: "rejected", error, content: answer, endpoint: this.endpoint }
  }

  served(content: StaticContent, ctx: HostContext<Endpoint>): ServeOutcome | Promise<ServeOutcome> {
    // A handler's 405 says which methods the path takes, as the host's own does (RFC 9110: Allow is a MUST).
    if (lacksAllow(content)) {
      let allowed
      try {
        allowed = withAllow(content, this.site.Router, this.request, this.options)
      } catch (error) {
        return this.thrown(error)
      }
      return isPromise(allowed)
        ? allowed.then(
            (given) => this.answered(given, ctx),
            (error: unknown) => this.thrown(error),
          )
        : this.answered(allowed, ctx)
    }
    return this.answered(content, ctx)
  }

  answered(content: StaticContent, ctx: HostContext<Endpoint>): ServeOutcome | Promise<ServeOutcome> {
    // A WebSocket answer: 426 to a request that is no upgrade, 403 to a page of another origin; else upgraded by the host.
    if (isSocketBody(content.body)) {
      const init = this.init
      const replaced = socketAnswer(content.body, init.headers, () =>
        requestOrigin(init.target, init.headers.get("host"), init.secure),
      )
      if (replaced !== undefined) content = replaced
      else return { kind: "served", content: finish(content, HostContext.setCookiesOf(ctx)), endpoint: this.endpoint }
    }
    // A CorsContent part's CORS headers reach every answer to the requests it accepted (a Protect redirect too).
    const finished = finish(withAcceptedCors(this.request, content), HostContext.setCookiesOf(ctx))
    if (this.options.etag && needsETag(finished, this.request.method)) {
      let digest
      try {
        digest = this.options.platform.digest(finished.body as string | Uint8Array)
      } catch (error) {
        return this.thrown(error)
      }
      return isPromise(digest)
        ? Promise.resolve(digest).then(
            (tag) => this.validated(withETag(finished, tag)),
            (error: unknown) => this.thrown(error),
          )
        : this.validated(withETag(finished, digest))
    }
    return this.validated(finished)
  }

  /** A 304 instead of `content`: a stream body it had is released unopened (a file is never opened). */
  unchanged(content: StaticContent, notModifiedContent: StaticContent): ServeOutcome {
    if (isStreamBody(content.body)) content.body.discard?.()
    return { kind: "served", content: notModifiedContent, endpoint: this.endpoint }
  }

  /** The answer, or `304 Not Modified` when its validators match the request's (GET/HEAD 200 only). */
  validated(content: StaticContent): ServeOutcome {
    const request = this.request
    const compress = this.options.compress
    if (compress === undefined) {
      const unchanged = notModified(content, request.method, request.headers)
      return unchanged === undefined
        ? { kind: "served", content, endpoint: this.endpoint }
        : this.unchanged(content, unchanged)
    }
    // Compression first: a 304 carries the Vary and the weak ETag the compressed 200 did.
    const encodings = this.options.platform.encodings
    const plan = planCompression(content, request.method, request.headers.get("accept-encoding"), compress, encodings)
    const answer = plan === undefined ? content : plan.content
    const unchanged = notModified(answer, request.method, request.headers)
    if (unchanged !== undefined) return this.unchanged(content, unchanged)
    return plan?.encoding === undefined
      ? { kind: "served", content: answer, endpoint: this.endpoint }
      : { kind: "served", content: answer, endpoint: this.endpoint, encoding: plan.encoding }
  }

  thrown(error: unknown): ServeOutcome {
    const outcome = thrown(error, this.request, this.options)
    // After dispatch, a failure still belongs to its endpoint (records and spans name its route).
    return this.endpoint === undefined || outcome.kind === "declined"
      ? outcome
      : { ...outcome, endpoint: this.endpoint }
  }
}

/**
 * The outcome of an exception while dispatching or serving: 4xx for a host
 * error, else a generic 500 (reported to `onError`). Either carries the CORS
 * headers and `Vary: Origin` of a CorsContent part that accepted the
 * request (RELIABILITY G3: errors included).
 */
function thrown(error: unknown, request: RouteRequest, options: ResolvedHostOptions): ServeOutcome {
  // A body a gate withheld that no part answered for: as if no part accepted the request (its body unread).
  if (error === withheldBody) return declined
  if (isHostError(error)) {
    // A body over its limit (the host's, or its case's MaxBytes): problem details stating the limit, unless turned off.
    const content =
      error.status === 413 && options.problemDetails ? problemContent(error) : errorContent(error.status, error.message)
    return { kind: "rejected", error, content: withAcceptedCors(request, content) }
  }
  options.onError(error)
  return { kind: "failed", error, content: withAcceptedCors(request, errorContent(500, hostMessages.internalError)) }
}

/** A GET or HEAD 200 with a body and no `ETag` of its own: the host option `etag` gives it one. */
function needsETag(content: StaticContent, method: string): boolean {
  const body = content.body
  if ((method !== "GET" && method !== "HEAD") || content.status.code !== 200 || body === undefined) return false
  // A stream cannot be hashed before it is sent: it keeps the validators its content gave (a file's).
  if (typeof body === "object" && !(body instanceof Uint8Array)) return false
  for (const [name] of content.headers) if (name.length === 4 && name.toLowerCase() === "etag") return false
  return true
}

const withETag = (content: StaticContent, digest: string): StaticContent => ({
  kind: "static",
  status: content.status,
  headers: [...content.headers, ["ETag", entityTag(digest)]],
  body: content.body,
})

/** `headerOf(content, "x-content-type-options") !== undefined` without a lower-case copy of every name (an ASCII name of another length cannot match). */
const hasNosniff = memoByList((headers: readonly ContentHeader[]): boolean => {
  for (let i = 0; i < headers.length; i++) {
    const name = (headers[i] as ContentHeader)[0]
    if (name.length === 22 && name.toLowerCase() === "x-content-type-options") return true
  }
  return false
})

// Most answers are built on a few shared frozen lists (Content.Json's, Content.Text's): each keeps its nosniff
// copy, which spares a copy and a freeze per response and lets the host reuse what it built for that copy.
const withNosniff = memoByList((list: readonly ContentHeader[]): readonly ContentHeader[] =>
  Object.freeze([...list, nosniff]),
)
const noCookies: readonly ContentHeader[] = Object.freeze([])

/**
 * Adds the session cookies and `nosniff` to a handler's content. The
 * answer goes only to the host's writer, never back to user code: a plain
 * object, not a frozen one (a freeze per response saved).
 */
function finish(content: StaticContent, setCookies: readonly ContentHeader[]): StaticContent {
  const missingNosniff = !hasNosniff(content.headers)
  if (setCookies.length === 0) {
    if (!missingNosniff) return content
    return { kind: "static", status: content.status, headers: withNosniff(content.headers), body: content.body }
  }
  const headers = [...content.headers, ...setCookies]
  if (missingNosniff) headers.push(nosniff)
  return { kind: "static", status: content.status, headers, body: content.body }
}
