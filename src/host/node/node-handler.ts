/**
 * The `node:http` hosts: a request handler (404 for what the sitelet does
 * not accept) and a Connect/Express middleware (`next()` for it, body
 * untouched). Both run the shared core without WHATWG objects.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import type { TLSSocket } from "node:tls"
import type { Sitelet } from "../../sitelet/sitelet.js"
import {
  bodyLimitFor,
  resolveHostOptions,
  type HostLimits,
  type HostOptions,
  type ResolvedHostOptions,
} from "../host-options.js"
import { readNodeBody } from "./node-body.js"
import { declaresOver } from "../body-limit.js"
import { continueIfWaiting, continueListener } from "./node-continue.js"
import { nodeHeaders, setCorsHeaders, writeNodeResponse } from "./node-write.js"
import { errorContent } from "../answer-finish.js"
import { serveRequest } from "../serve.js"
import type { ServeInit, ServeOutcome } from "../serve-outcome.js"
import type { RouteHeaders } from "../../router/request/request.js"
import { isPromise } from "../../internal/maybe-promise.js"
import { report, type RequestStart as Watch } from "../observe.js"
import { nodePlatform, writeNodeCompressed } from "./node-compress.js"
import { writeNodeStream } from "./node-stream.js"
import type { Encoding } from "../compression.js"
import { isStreamBody, type StaticContent } from "../../sitelet/content-model.js"
import { serveWithin } from "../scoped-serve.js"
import { tracedSocket, watchRequest } from "../watch.js"
import { isSocketBody } from "../../sitelet/socket-body.js"
import { isPendingUpgrade, upgradeListener, writeNodeSocket } from "./node-socket.js"
import { notSocketAnswer } from "../upgrade.js"
import type { Duplex } from "node:stream"

/**
 * A `node:http` request listener.
 *
 * @example
 * ```ts
 * const listener: NodeRequestHandler = NodeHandler(site)
 * ```
 */
export interface NodeRequestHandler {
  (req: IncomingMessage, res: ServerResponse): void
  /**
   * The server's `upgrade` listener, for WebSocket cases (`server.on("upgrade", handler.upgrade)`):
   * the request is served by the same sitelet and options, and a socket answer is upgraded.
   */
  readonly upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void
  /**
   * The server's `checkContinue` listener (`server.on("checkContinue", handler.checkContinue)`): a request
   * with `Expect: 100-continue` gets `100 Continue` only when a case reads its body within the limit, and
   * a declared length over the limit its 413 at once. Without it, Node answers `100 Continue` to every such
   * request before the handler runs.
   */
  readonly checkContinue: (req: IncomingMessage, res: ServerResponse) => void
}

/**
 * Connect/Express middleware.
 *
 * @example
 * ```ts
 * const middleware: ConnectMiddleware = Middleware(site)
 * ```
 */
export interface ConnectMiddleware {
  (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void
  /**
   * The server's `upgrade` listener for WebSocket cases (`server.on("upgrade", middleware.upgrade)`):
   * upgrades reach no Express route, so they are served at the server's root as `NodeHandler` serves them
   * (under a mount path, give the same `basePath`).
   */
  readonly upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void
  /**
   * Wraps the app for the server's `checkContinue` event (`server.on("checkContinue",
   * middleware.checkContinue(app))`): `100 Continue` is written when the sitelet reads the body within its
   * limit, or when the request goes on to the app's next middleware.
   */
  readonly checkContinue: (
    app: (req: IncomingMessage, res: ServerResponse) => void,
  ) => (req: IncomingMessage, res: ServerResponse) => void
}

const pathOf = (url: string): string => {
  const mark = url.indexOf("?")
  return mark < 0 ? url : url.slice(0, mark)
}

/**
 * The prefix a Connect-style app stripped from `req.url` when mounting the
 * middleware: Express's `req.baseUrl`, else the part of `req.originalUrl`
 * before `req.url` (Connect's `app.use("/app", …)`), else `""`.
 *
 * @example
 * ```ts
 * mountPathOf({ originalUrl: "/app/blog/1", url: "/blog/1" } as IncomingMessage) //=> "/app"
 * ```
 */
export function mountPathOf(req: IncomingMessage): string {
  const { baseUrl, originalUrl } = req as { baseUrl?: unknown; originalUrl?: unknown }
  if (typeof baseUrl === "string") return baseUrl
  const url = req.url
  if (typeof originalUrl !== "string" || typeof url !== "string" || !originalUrl.startsWith("/")) return ""
  const original = pathOf(originalUrl)
  const stripped = pathOf(url)
  // Connect turns a request for exactly "/app" into "/".
  if (stripped === "/") return original.endsWith("/") ? original.slice(0, -1) : original
  return original.length > stripped.length && original.endsWith(stripped)
    ? original.slice(0, original.length - stripped.length)
    : ""
}

/**
 * Whether the raw header list names `Host` more than once: node:http keeps
 * the first in `req.headers` and lets the request through.
 *
 * @example
 * ```ts
 * hasRepeatedHost(["Host", "a.example", "host", "b.example"]) //=> true
 * ```
 */
export function hasRepeatedHost(raw: readonly string[]): boolean {
  let seen = false
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string
    // A length read per header, and four character codes (ASCII, any case) for a four-letter name: no copy.
    if (
      name.length === 4 &&
      (name.charCodeAt(0) | 0x20) === 0x68 &&
      (name.charCodeAt(1) | 0x20) === 0x6f &&
      (name.charCodeAt(2) | 0x20) === 0x73 &&
      (name.charCodeAt(3) | 0x20) === 0x74
    ) {
      if (seen) return true
      seen = true
    }
  }
  return false
}

/** What the core needs from a `node:http` request; a class, so reading the body is a shared method, not a closure per request. */
class NodeServeInit implements ServeInit {
  readonly method: string
  readonly target: string
  readonly headers: RouteHeaders
  readonly secure: boolean
  readonly repeatedHost: boolean

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly limits: HostLimits,
    readonly mountPath: string,
    readonly requestId: string | undefined,
  ) {
    this.method = req.method ?? "GET"
    this.target = req.url ?? "/"
    this.headers = nodeHeaders(req.headers, req)
    this.repeatedHost = hasRepeatedHost(req.rawHeaders)
    this.secure = (req.socket as Partial<TLSSocket>).encrypted === true
  }

  readBody(limit?: number): Promise<Uint8Array> {
    const req = this.req
    const max = limit ?? bodyLimitFor(this.limits, this.headers.get("content-type"))
    // A client waiting on `Expect: 100-continue` is told to send only a body the case will read: over the
    // limit, the 413 is the answer it gets instead.
    if (!declaresOver(req.headers["content-length"], max)) continueIfWaiting(req, this.res)
    return readNodeBody(req, max)
  }

  /** The response closing before it finished writing is the client going away. */
  onClientGone(abort: () => void): void {
    const res = this.res
    if (res.destroyed && !res.writableFinished) return abort()
    res.once("close", () => {
      if (!res.writableFinished) abort()
    })
  }
}

/** A watched request's start, or undefined when neither `observe` nor `telemetry` is set (no clock read, no id made). */
function watch(
  site: Sitelet<any>,
  req: IncomingMessage,
  method: string,
  options: ResolvedHostOptions,
): Watch | undefined {
  if (options.observe === undefined && options.telemetry === undefined) return undefined
  // Under Connect, `originalUrl` is the target before a mount path was stripped.
  const { originalUrl } = req as { originalUrl?: unknown }
  const target = typeof originalUrl === "string" ? originalUrl : (req.url ?? "/")
  const headers = req.headers
  const scheme = (req.socket as { encrypted?: boolean }).encrypted === true ? "https" : "http"
  return watchRequest(site, options, method, target, scheme, (name) => {
    const value = headers[name]
    return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value
  })
}

function serveNode<Endpoint>(
  site: Sitelet<Endpoint>,
  req: IncomingMessage,
  res: ServerResponse,
  options: ResolvedHostOptions,
  mountPath: string,
  watched: Watch | undefined,
): ServeOutcome | Promise<ServeOutcome> {
  const init = new NodeServeInit(req, res, options.limits, mountPath, watched?.requestId)
  // With telemetry, the handler and its stream run inside the request's scope (its trace context).
  const scope = watched?.scope
  return scope === undefined
    ? serveRequest(site, init, options)
    : serveWithin(scope, () => serveRequest(site, init, options))
}

/** Hands an outcome that may still be pending to `write`; `fail` gets what rejects or what `write` throws. */
function whenSettled(
  outcome: Promise<ServeOutcome>,
  write: (outcome: ServeOutcome) => void,
  fail: (error: unknown) => void,
): void {
  outcome.then((settled) => {
    try {
      write(settled)
    } catch (error) {
      fail(error)
    }
  }, fail)
}

// Contents are frozen: one 404 serves every request no part accepts.
const notFound = errorContent(404)
const internalError = errorContent(500)
const ignore = (): void => undefined

/** An answer that is not written at once: a stream (with backpressure), or a body to compress first. */
function writeServed(
  res: ServerResponse,
  content: StaticContent,
  method: string,
  encoding: Encoding | undefined,
  onError: (error: unknown) => void,
  written: (bytes: number) => void,
): void {
  if (isStreamBody(content.body)) writeNodeStream(res, content, method, encoding, onError, written)
  else writeNodeCompressed(res, content, method, encoding as Encoding, false, onError, written)
}

/** A 4xx from the body limit leaves unread bytes behind: close instead of parsing them as a request. */
const mustClose = (outcome: ServeOutcome): boolean =>
  outcome.kind === "rejected" && (outcome.error.type === "entity.too.large" || outcome.error.type === "request.aborted")

/**
 * A `node:http` request listener serving the sitelet; 404 for requests it
 * does not accept, 4xx for malformed or oversized ones, a generic 500 when
 * a handler throws. The process keeps serving in every case.
 *
 * @example
 * ```ts
 * import { createServer } from "node:http"
 * import { NodeHandler } from "sitelets/node"
 * createServer(NodeHandler(site)).listen(8080)
 * ```
 */
export function NodeHandler<Endpoint>(
  site: Sitelet<Endpoint>,
  options?: HostOptions<NoInfer<Endpoint>>,
): NodeRequestHandler {
  const resolved = resolveHostOptions(options, nodePlatform)
  const observe = resolved.observe
  const fail = (res: ServerResponse, method: string, error: unknown, watched: Watch | undefined) => {
    resolved.onError(error)
    const bytes = writeNodeResponse(res, internalError, method, true)
    if (watched !== undefined) report(observe, resolved.onError, watched, undefined, 500, bytes, error)
  }
  const write = (res: ServerResponse, method: string, outcome: ServeOutcome, watched: Watch | undefined) => {
    let content = outcome.kind === "declined" ? notFound : outcome.content
    const reported =
      watched !== undefined
        ? (bytes: number) => report(observe, resolved.onError, watched, outcome, content.status.code, bytes)
        : undefined
    if (isSocketBody(content.body)) {
      const body = tracedSocket(content.body, watched, outcome.kind === "declined" ? undefined : outcome.endpoint)
      reported?.(0)
      return writeNodeSocket(res, content, body, resolved.onError, (error) => fail(res, method, error, undefined))
    }
    // An upgrade to a case that answers with no socket: its refusal as it is, a success is no handshake (400).
    if (isPendingUpgrade(res.req)) content = notSocketAnswer(content)
    if (outcome.kind === "served" && (outcome.encoding !== undefined || isStreamBody(content.body)))
      return writeServed(res, content, method, outcome.encoding, resolved.onError, reported ?? ignore)
    const bytes = writeNodeResponse(res, content, method, mustClose(outcome))
    reported?.(bytes)
  }
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const method = (req.method ?? "GET").toUpperCase()
    const watched = watch(site, req, method, resolved)
    // No closure is made on the synchronous path (no body read, no awaiting handler): it is nearly every request.
    try {
      const outcome = serveNode(site, req, res, resolved, "", watched)
      if (isPromise(outcome))
        whenSettled(
          outcome,
          (settled) => write(res, method, settled, watched),
          (error) => fail(res, method, error, watched),
        )
      else write(res, method, outcome, watched)
    } catch (error) {
      fail(res, method, error, watched)
    }
  }
  return Object.assign(listener, { upgrade: upgradeListener(listener), checkContinue: continueListener(listener) })
}

/**
 * Connect/Express middleware. Requests the sitelet does not accept go to
 * `next()` with their body stream untouched; malformed or oversized
 * requests go to `next(err)` with `status`, `statusCode`, `expose: true` and
 * a stable `type`; handler exceptions go to `next(err)`. Before `next(err)`,
 * the CORS headers and `Vary: Origin` of a `CorsContent` endpoint are set
 * on the response, so the app's error handler answers with them. Links include
 * Express's mount path (`app.use("/app", Middleware(site))`).
 *
 * @example
 * ```ts
 * import express from "express"
 * import { Middleware } from "sitelets/node"
 * const app = express()
 * app.use(Middleware(site))
 * app.use((req, res) => res.status(404).send("not here"))
 * ```
 */
export function Middleware<Endpoint>(
  site: Sitelet<Endpoint>,
  options?: HostOptions<NoInfer<Endpoint>>,
): ConnectMiddleware {
  const resolved = resolveHostOptions(options, nodePlatform)
  const observe = resolved.observe
  const middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    const method = (req.method ?? "GET").toUpperCase()
    const watched = watch(site, req, method, resolved)
    // The app's error handler writes a refusal's answer: its status is the error's, its bytes are not ours to count.
    const reported = (outcome: ServeOutcome, bytes: number) => {
      if (watched === undefined) return
      if (outcome.kind !== "declined")
        report(observe, resolved.onError, watched, outcome, outcome.content.status.code, bytes)
      // Passed on to the app's next middleware: the scope ends here, as the request leaves the sitelet.
      else watched.scope?.end({ status: 0, endpoint: undefined, route: undefined, passed: true })
    }
    const write = (outcome: ServeOutcome): void => {
      if (outcome.kind !== "served") reported(outcome, 0)
      switch (outcome.kind) {
        case "declined":
          // The next middleware may read the body: a client waiting on `Expect: 100-continue` is told to send it.
          continueIfWaiting(req, res)
          return next()
        case "rejected":
          // The app's error handler writes the answer; the unread rest of the body must not be parsed as a request.
          if (mustClose(outcome) && !res.headersSent) res.setHeader("connection", "close")
          setCorsHeaders(res, outcome.content)
          return next(outcome.error)
        case "failed":
          setCorsHeaders(res, outcome.content)
          return next(outcome.error)
        default:
          if (isSocketBody(outcome.content.body)) {
            const body = tracedSocket(outcome.content.body, watched, outcome.endpoint)
            reported(outcome, 0)
            return writeNodeSocket(res, outcome.content, body, resolved.onError, next)
          }
          if (outcome.encoding !== undefined || isStreamBody(outcome.content.body))
            return writeServed(res, outcome.content, method, outcome.encoding, resolved.onError, (bytes) =>
              reported(outcome, bytes),
            )
          reported(outcome, writeNodeResponse(res, outcome.content, method, false))
      }
    }
    try {
      const outcome = serveNode(site, req, res, resolved, mountPathOf(req), watched)
      if (isPromise(outcome)) whenSettled(outcome, write, next)
      else write(outcome)
    } catch (error) {
      next(error)
    }
  }
  return Object.assign(middleware, { upgrade: NodeHandler(site, options).upgrade, checkContinue: continueListener })
}
