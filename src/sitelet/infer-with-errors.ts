/**
 * `Sitelet.InferWithErrors` (alias `InferWithCustomErrors`): the handler
 * also receives requests whose path matched a case but whose method,
 * query, JSON body or form data is wrong, as a `ParseRequestResult`.
 */
import type { Descriptor, Infer } from "../descriptor/descriptor.js"
import type { ParseRequestResult } from "../router/codec/result.js"
import { Router } from "../router/router.js"
import type { InferOptions } from "../router/infer.js"
import { unstorableAnswer } from "./storable-text.js"
import { markSources } from "../router/route-source.js"
import { resolveContent } from "./content-model.js"
import type { Context } from "./context.js"
import type { HandlerResult } from "./handler.js"
import { makeSitelet, type Dispatched, type Sitelet } from "./sitelet.js"
import { unionResponses } from "../descriptor/responses.js"
import { andThen } from "../internal/maybe-promise.js"

/**
 * The handler of `InferWithErrors`: a success or the last parse error, with defaults in missing fields.
 *
 * @example
 * ```ts
 * const handler: ErrorsHandler<Api> = (ctx, r) => Content.Text(r.$)
 * ```
 */
export type ErrorsHandler<Endpoint> = (
  ctx: Context<Endpoint>,
  result: ParseRequestResult<Endpoint>,
) => HandlerResult<Endpoint>

/**
 * A sitelet whose handler sees parse errors. A request whose path matches
 * no case still falls through; a success anywhere in an enclosing `Sum`
 * wins over an error result here. A success's `Content.Json(value)` is
 * written with the answers its case declares (`Returns`, `Responds`).
 *
 * @example
 * ```ts
 * Sitelet.InferWithErrors(Api, (ctx, r) => {
 *   switch (r.$) {
 *     case "Success": return Content.Json(r.endpoint)
 *     case "InvalidMethod": return Content.SetStatus(Http.Status.MethodNotAllowed, Content.Text(`no ${r.method}`))
 *     default: return Content.SetStatus(Http.Status.BadRequest, Content.Text(r.$))
 *   }
 * })
 * ```
 */
export function InferWithErrors<const D extends Descriptor>(
  descriptor: D,
  handler: ErrorsHandler<Infer<D>>,
  options?: InferOptions,
): Sitelet<Infer<D>> {
  const router = Router.Infer(descriptor, options)
  const storable = options?.text === "storable"
  const declared = unionResponses(descriptor)
  // A success's Content.Json(value) is written with the answers its case declares; error results have none.
  const responsesOf = (result: ParseRequestResult<Infer<D>>) =>
    declared !== undefined && result.$ === "Success"
      ? declared.get((result.endpoint as { readonly $: string }).$)
      : undefined
  const accept = (result: ParseRequestResult<Infer<D>> | undefined): Dispatched<Infer<D>> | undefined =>
    result && {
      endpoint: result.endpoint,
      // A success with text a database cannot hold is refused before the handler (errors carry defaults only).
      serve: (ctx: Context<Infer<D>>) =>
        (storable && result.$ === "Success" && unstorableAnswer(result.endpoint)) ||
        resolveContent(handler(ctx, result), ctx, responsesOf(result)),
      ...(result.$ === "InvalidMethod" ? { weak: "method" as const } : {}),
    }
  // Marked for documents: a failed query or body reaches the handler here, instead of falling through.
  return makeSitelet<Infer<D>>(
    markSources(router, storable ? { withErrors: true, storableText: true } : { withErrors: true }),
    (request, offset, lenient) => andThen(router.route(request, offset, lenient), accept),
  )
}
