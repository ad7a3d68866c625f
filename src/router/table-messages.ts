/**
 * The sentences a router prints about a compiled route table it is given
 * (`Router.Infer(D, { compiled })`), written once. They belong to the
 * routing core, which checks the table; the compiler's room
 * (`src/router/table/compile-messages.ts`) re-exports them with its own,
 * so a browser bundle that checks a table carries these two only.
 *
 * @example
 * ```ts
 * staleTable //=> "Router.Infer: the compiled route table was made from another declaration: …"
 * ```
 */
export const staleTable =
  "Router.Infer: the compiled route table was made from another declaration: rerun `npx sitelets compile` (or Router.Compile) to write it again, or leave out `compiled` to route at run time"
export const badTable = "Router.Infer: `compiled` must be the module Router.Compile wrote (its `hash` and `match`)"
