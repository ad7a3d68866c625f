import type { Descriptor, Infer as InferType } from "../descriptor/descriptor.js"
import { loadBody, noBodyData, type BodyData } from "./body/body.js"
import { fieldPath, LinkError, LinkFailure } from "./link/link-error.js"
import { type CompiledTable, checkedTable, noteInferred, noteRawFirst, type TableMatch } from "./compiled-table.js"
import { makeRouter } from "./make-router.js"
import type { Alternative } from "./codec/shape.js"
import { needBody, type LinkWriter, type MatchState, type Next } from "./codec/match-state.js"
import { pathCodecOf } from "./codec/path-codec.js"
import { noBody, type RouteRequest } from "./request/request.js"
import { resultOf, type ParseError, type ParseRequestResult } from "./codec/result.js"
import type { Router } from "./router.js"
import type { RoutePath } from "./link/route-path.js"
import { nowhere, unsure, type UnionCodec } from "./codec/union-codec.js"
import { inferInput, type CaseInput, type UnionOutput, type ValidateCases } from "../descriptor/union.js"

// One continuation per path length (made once, bounded): no closure per request.
const exactEnds: Next[] = []
const exactEnd = (end: number): Next => {
  const made = end < 256 ? exactEnds[end] : undefined
  if (made !== undefined) return made
  const next: Next = (value, position) => (position === end ? { value } : undefined)
  if (end < 256) exactEnds[end] = next
  return next
}
const noErrors: ParseError[] = Object.freeze([]) as unknown as ParseError[]
const bodies = new WeakMap<RouteRequest, Promise<BodyData>>()

// A request built without a body or a Content-Type (`toRouteRequest({ url, method })`): its body is known empty.
const knownBody = (request: RouteRequest): BodyData | undefined =>
  request.body === noBody && request.headers.get("content-type") === null ? noBodyData : undefined

/** The body of a request, read and wrapped once however many routers ask. */
function bodyOf(request: RouteRequest): Promise<BodyData> {
  let body = bodies.get(request)
  if (!body) bodies.set(request, (body = loadBody(request)))
  return body
}

/**
 * The router of any routable descriptor: a union (cases tried in
 * declaration order, `/<CaseTag>/<fields>` by default, `EndPoint`, `Method`,
 * `Query`, `Json`, `FormData`, `Wildcard` …), a record, a tuple, a scalar, an
 * option or a list. Compiled once; throws here for impossible shapes.
 *
 * @example
 * ```ts
 * const router = Router.Infer(t.union({ Home: "GET /", Article: t.case({ id: t.int }, EndPoint("/article")) }))
 * router.Link({ $: "Article", id: 3 })         //=> "/article/3"
 * await router.Parse({ url: "/article/3" })     //=> { $: "Article", id: 3 }
 * Router.Infer(t.tuple(t.int, t.string)).Link([1, "abc"]) //=> "/1/abc"
 * Router.Infer({ Home: "GET /", Post: "GET /post/<id:int>" }).Link({ $: "Post", id: 2 }) //=> "/post/2"
 * ```
 */
export function Infer<const D extends Descriptor>(descriptor: D, options?: InferOptions): Router<InferType<D>>
export function Infer<const Cases extends Readonly<Record<string, CaseInput>>>(
  cases: Cases & ValidateCases<Cases>,
  options?: InferOptions,
): Router<UnionOutput<Cases>>
export function Infer(
  input: Descriptor | Readonly<Record<string, CaseInput>>,
  options?: InferOptions,
): Router<unknown> {
  return inferDescriptor(inferInput(input), options)
}

/**
 * Options of `Router.Infer`: `compiled`, the route table `Router.Compile`
 * wrote for this declaration (`import * as compiled from
 * "./routes.compiled.js"`). It routes the requests it is sure of; the
 * runtime router routes the rest. A table of another declaration is
 * refused with a sentence naming the command to rerun.
 *
 * @example
 * ```ts
 * import * as compiled from "./routes.compiled.js"
 * const router = Router.Infer(Site, { compiled })
 * ```
 */
export interface InferOptions {
  readonly compiled?: CompiledTable
  /**
   * `false`: no table walked as data either (the runtime router alone, a reference for tests and measurements).
   * Default: where the hosts or `sitelets/compile` are loaded, a router of a union without `compiled` routes with
   * the table `Router.Compile` would write, walked as data; the answers are the same, only slower than the
   * compiled table's.
   */
  readonly rawTable?: false
  /**
   * Read by `Sitelet.Infer` and `Sitelet.InferWithErrors` (a router parses
   * as before): `"storable"` refuses, with a 400 naming the field, a
   * request any of whose strings holds a NUL character or a lone surrogate —
   * text a database cannot hold, or would change. Default `"any"`.
   */
  readonly text?: "any" | "storable"
}

// How a declaration's table is walked as data: installed by the modules that serve (the hosts) and by
// sitelets/compile, so a browser bundle of the router does not carry it (the answers are the same without it).
let walkTable: ((alternatives: readonly Alternative[]) => TableMatch | undefined) | undefined

/**
 * Installs the route table walked as data for every router `Router.Infer`
 * makes of a union without a compiled table (the hosts call it on load).
 *
 * @example
 * ```ts
 * installWalkedTables(walkedTable) // src/host/serve.ts
 * ```
 */
export function installWalkedTables(walk: (alternatives: readonly Alternative[]) => TableMatch | undefined): void {
  walkTable = walk
}

// The table of a declaration walked as data, built when first asked once one is installed.
function lazyTable(alternatives: () => readonly Alternative[]): TableMatch {
  let match: TableMatch | null | undefined
  return (method, target) => {
    if (match === undefined) {
      if (walkTable === undefined) return undefined
      match = walkTable(alternatives()) ?? null
    }
    return match === null ? undefined : match(method, target)
  }
}

/** The passes of a parse: strict, then (for errors) fields may fail, then the method may be wrong too. */
type Pass = "strict" | "fields" | "wrongMethod"

function inferDescriptor<D extends Descriptor>(descriptor: D, options?: InferOptions): Router<InferType<D>> {
  const codec = pathCodecOf(descriptor, "Router.Infer")
  const parseWhole = (codec as Partial<UnionCodec>).parseWhole ?? codec.parse
  const staticRoute = (codec as Partial<UnionCodec>).staticRoute
  const routeDirect = (codec as Partial<UnionCodec>).routeDirect
  const alternatives = (codec as Partial<UnionCodec>).alternatives
  const compiled =
    options?.compiled === undefined
      ? undefined
      : checkedTable(options.compiled, alternatives === undefined ? [] : alternatives())
  // Without a compiled table, the same table walked as data, built on the first request (building a router stays
  // linear and cheap: issue 17).
  const walked =
    compiled === undefined && options?.rawTable !== false && alternatives !== undefined
      ? lazyTable(alternatives)
      : undefined
  const table = compiled?.match ?? walked
  type Result = ParseRequestResult<InferType<D>>
  // One synchronous pass; needBody when a candidate needs a body not read yet.
  const matchOnce = (
    request: RouteRequest,
    offset: number,
    pass: Pass,
    body: BodyData | undefined,
  ): Result | undefined | typeof needBody => {
    const lenient = pass !== "strict"
    // A strict pass records no error (a frozen list makes any slip loud), so it needs no list of its own.
    const state: MatchState = {
      request,
      segments: request.segments,
      lenient,
      wrongMethod: pass === "wrongMethod",
      errors: lenient ? [] : noErrors,
      body,
    }
    try {
      const outcome = parseWhole(state, offset, exactEnd(state.segments.length))
      return outcome === needBody ? needBody : outcome && (resultOf(outcome.value, state.errors) as Result)
    } catch (error) {
      // A path nesting a recursive type deeper than the stack allows matches nothing.
      if (error instanceof RangeError) return undefined
      throw error
    }
  }
  const withBody = async (request: RouteRequest, offset: number, pass: Pass) =>
    matchOnce(request, offset, pass, await bodyOf(request)) as Result | undefined
  // A case matched with a wrong method reads no body; one with the right method whose path fails only after its
  // fields were read (a nested union's case, then the rest of the path) still needs it in this pass.
  const wrongMethodRoute = (
    request: RouteRequest,
    offset: number,
  ): Result | undefined | Promise<Result | undefined> => {
    const found = matchOnce(request, offset, "wrongMethod", knownBody(request))
    return found === needBody ? withBody(request, offset, "wrongMethod") : found
  }
  // The lenient passes (withErrors) after a strict pass that found nothing: first the cases that accept the
  // method (a field error is reported), then any case whose path matches (a method error is reported).
  const lenientRoute = (request: RouteRequest, offset: number): Result | undefined | Promise<Result | undefined> => {
    const fields = matchOnce(request, offset, "fields", knownBody(request))
    if (fields === needBody)
      return withBody(request, offset, "fields").then((found) => found ?? wrongMethodRoute(request, offset))
    return fields ?? wrongMethodRoute(request, offset)
  }
  const slowRoute = async (request: RouteRequest, offset: number, withErrors: boolean) => {
    const result = await withBody(request, offset, "strict")
    return result !== undefined || !withErrors ? result : lenientRoute(request, offset)
  }
  // Synchronous unless a body must be read: no promise, no microtask, no async frame on the common path.
  const route = (
    request: RouteRequest,
    offset: number,
    withErrors: boolean,
  ): Result | undefined | Promise<Result | undefined> => {
    // The table, on the raw target of a host's view (not parsed yet): an endpoint, null (no case takes it), or
    // undefined (the runtime router decides); it answers only targets with nothing bad about them. Plain data (no
    // raw target) is routed on its segments, which a custom router may have set by hand.
    const raw = request.target
    if (offset === 0 && table !== undefined && raw !== undefined && raw.charCodeAt(0) === 47) {
      const found = table(request.method, raw)
      if (found !== undefined) {
        if (found !== null) return { $: "Success", endpoint: found } as Result
        return withErrors ? lenientRoute(request, offset) : undefined
      }
    }
    if (request.bad !== undefined || offset > request.segments.length) return undefined
    if (offset === 0 && staticRoute !== undefined) {
      const endpoint = staticRoute(request.path, request.segments, request.method)
      if (endpoint !== undefined) return { $: "Success", endpoint } as Result
    }
    if (routeDirect !== undefined) {
      const endpoint = routeDirect(request, offset)
      if (endpoint !== unsure) {
        if (endpoint === nowhere) return undefined
        if (endpoint !== undefined) return { $: "Success", endpoint } as Result
        return withErrors ? lenientRoute(request, offset) : undefined
      }
    }
    const strict = matchOnce(request, offset, "strict", knownBody(request))
    if (strict === needBody) return slowRoute(request, offset, withErrors)
    return strict !== undefined || !withErrors ? strict : lenientRoute(request, offset)
  }
  const link = (endpoint: InferType<D>): RoutePath | undefined => {
    const out: LinkWriter = { segments: [], query: [], method: undefined, body: undefined }
    try {
      codec.write(endpoint, out)
    } catch (error) {
      if (error instanceof LinkFailure) {
        // A value of another type altogether (another union's case) is not produced by this router.
        if (error.mismatch && error.path.length === 0) return undefined
        throw new LinkError(fieldPath(error.path), error.reason)
      }
      throw error
    }
    return out
  }
  const urlWriter = (codec as Partial<UnionCodec>).urlWriter
  const url =
    urlWriter &&
    ((endpoint: InferType<D>): string | undefined => {
      if (typeof endpoint !== "object" || endpoint === null) return undefined
      const write = urlWriter((endpoint as { $?: unknown }).$)
      return write?.(endpoint as Readonly<Record<string, unknown>>)
    })
  const router = makeRouter<InferType<D>>({
    route,
    link,
    url,
    shadowed: () => (codec as Partial<UnionCodec>).shadowed?.() ?? [],
    describe: () => (alternatives === undefined ? [] : [{ prefix: [], alternatives: alternatives() }]),
    // On the raw method and target, before any request view is built.
    ...(table === undefined
      ? {}
      : {
          match: table as (method: string, target: string) => InferType<D> | null | undefined,
          compiledMatch: compiled !== undefined,
        }),
  })
  if (alternatives !== undefined) noteInferred(router, alternatives, descriptor)
  if (table !== undefined) noteRawFirst(router)
  return router
}

export { inferInput }
