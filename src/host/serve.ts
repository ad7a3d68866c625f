/**
 * The host-agnostic core every host runs: checks limits, parses the target
 * once, finds the accepting part of the sitelet, builds the context, and
 * turns the handler's content into a plain response description.
 */
import { routesRawFirst } from "../router/compiled-table.js"
import { createRouteRequest, once, type RouteRequest, upperCase } from "../router/request/request.js"
import { RequestView } from "../router/request/request-view.js"
import { installWalkedTables } from "../router/infer.js"
import { walkedTable } from "../router/table/raw-table.js"
import type { Sitelet } from "../sitelet/sitelet.js"
import { isStreamBody, staticContent, type StaticContent } from "../sitelet/content-model.js"
import { reasonPhrase, Status } from "../sitelet/http/http-status.js"
import { withAcceptedCors } from "../sitelet/cors/cors-content.js"
import { isPreflight } from "../sitelet/cors/cors-headers.js"
import { allowHeader, allowedMethods, lacksAllow, withAllow } from "./allowed-methods.js"
import { notModified } from "../sitelet/content/validators.js"
import { planCompression } from "./compression.js"
import { HostError, hostMessages, isHostError } from "./host-errors.js"
import { checkBody, unreadBodyError } from "./body-check.js"
import { checkTarget } from "./target-check.js"
import { socketAnswer } from "./upgrade.js"
import { isSocketBody } from "../sitelet/socket-body.js"
import { csrfRefusal, requestOrigin } from "./csrf.js"
import { bodyProblem, problemContent } from "./problem.js"
import { HostContext } from "./host-context.js"
import { errorContent, errorHeaders, finish, needsETag, noCookies, withETag } from "./answer-finish.js"
import type { ServeInit, ServeOutcome } from "./serve-outcome.js"
import { raceDeadline } from "./deadline.js"
import { isPromise } from "../internal/maybe-promise.js"
import { passesGates, withheldBody } from "../sitelet/body-gate.js"
import type { Context } from "../sitelet/context.js"
import type { ResolvedHostOptions } from "./host-options.js"

// Served routers of `Router.Infer` route on the raw target with their table walked as data (src/router/table/raw-table.ts).
installWalkedTables(walkedTable)

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
      const refused = this.crossSite()
      if (refused !== undefined) return Promise.reject(refused)
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

  /** The host option `csrf`'s 403 for this request, if it refuses it (before the body, or before the handler). */
  crossSite(): HostError | undefined {
    const csrf = this.options.csrf
    if (csrf === undefined) return undefined
    const init = this.init
    return csrfRefusal(this.request, () => requestOrigin(init.target, init.headers.get("host"), init.secure), csrf)
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
    // A part that took the request only to say its method is wrong (InferWithErrors' 405) did not accept the
    // method: that answer is given, not a 403 for an unsafe method no case takes here.
    if (found.weak !== "method") {
      const refused = this.crossSite()
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
    return raceDeadline(Promise.resolve(content), deadline, {
      served: (served) => this.served(served, ctx),
      late: (error) => this.refused(error, errorContent(503, error.message)),
      thrown: (error) => this.thrown(error),
      abort: (reason) => HostContext.abort(ctx, reason),
      failedLate: (error) => {
        if (error !== ctx.Signal.reason) this.options.onError(error)
      },
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
