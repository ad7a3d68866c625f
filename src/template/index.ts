/**
 * Route templates — `"GET /blog/<id:int>?q=<q>"` — parsed twice, side by
 * side: at run time into a case descriptor, and at the type level into the
 * same case's type, each grammar step (methods, path, holes, query, types)
 * one file holding the runtime function and its type-level twin, and every
 * mistake one sentence written once for the thrown error and the compile
 * error.
 *
 * It may import `descriptor/` (its row of docs/architecture.md, which the
 * layers test holds the code to). Other rooms import its modules by their
 * paths, not through this index, so a bundle or a Worker loads only the
 * modules it uses; this index is the room's table of contents, checked by
 * the compiler.
 *
 * @example
 * ```ts
 * const { fields } = parseTemplate("GET /blog/<id:int>")
 * ```
 */
export { splitQuery } from "./parse-query.js"
export {
  parseTemplate,
  type ParseTemplate,
  type TemplateCaseOutput,
  type ValidateTemplate,
  type WideCaseOutput,
} from "./parse-template.js"
export { TemplateError } from "./template-error.js"
