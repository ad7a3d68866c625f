/**
 * Sentences of compiled route tables (`Router.Compile`, `Router.Infer(D,
 * { compiled })`), written once; tests import them.
 *
 * @example
 * ```ts
 * compileMessages.staleTable //=> "Router.Infer: the compiled route table was made from another declaration: …"
 * ```
 */
export const compileMessages = {
  compileNotInferred:
    "Router.Compile takes a router made by Router.Infer on a union; a composed router (Shift, Sum, Map, Embed) routes at run time",
  staleTable:
    "Router.Infer: the compiled route table was made from another declaration: rerun `npx sitelets compile` (or Router.Compile) to write it again, or leave out `compiled` to route at run time",
  badTable: "Router.Infer: `compiled` must be the module Router.Compile wrote (its `hash` and `match`)",
} as const
