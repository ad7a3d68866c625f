/**
 * Templates that take each shortcut of the type-level scanner (one pattern for
 * `METHOD /path`, one split for a query after a closed hole, one check for a
 * required hole, the root path on the error path, query items placed through
 * one alias) or just miss it. Each row is checked twice: by `tsc` (the
 * `Agree` assertions below fail to compile when the type level disagrees)
 * and at run time by `parseTemplate`, so both parsers stay twins.
 */
import { describe, expect, it } from "vitest"
import { parseTemplate } from "../../src/template/parse-template.js"
import type { TemplateCaseOutput, ValidateTemplate } from "../../src/template/parse-template.js"
import * as m from "../../src/template/messages.js"

type Equal<Left, Right> =
  (<Probe>() => Probe extends Left ? 1 : 2) extends <Probe>() => Probe extends Right ? 1 : 2 ? true : false

// A valid row: the template validates to itself and has these fields.
type Valid<Template extends string, Fields> =
  Equal<ValidateTemplate<Template, {}>, Template> extends true ? Equal<TemplateCaseOutput<Template, {}>, Fields> : false
// An invalid row: the type level gives exactly the runtime's sentence, and no fields.
type Invalid<Template extends string, Sentence> =
  Equal<ValidateTemplate<Template, {}>, Sentence> extends true ? Equal<TemplateCaseOutput<Template, {}>, never> : false

const valid = {
  "POST /r/<a:int>/items/<b:string>?sort=<sort:bool>": ["a", "b", "sort"],
  "/a/<x:int?>?q=<q>": ["x", "q"],
  "/a/<x>?q=<q>&p=<p:int?>": ["x", "q", "p"],
  "/a?q=<q>": ["q"],
  "DELETE /a/<id:int>": ["id"],
  "get|POST /a/<id:int>": ["id"],
  "/": [],
  "/a/<x:int?>/b/<y:int?>": ["x", "y"],
} as const

// biome-ignore lint/suspicious/noExportsInTest: exported so tsc checks the table without an unused-value error
export const validAgree: [
  Valid<"POST /r/<a:int>/items/<b:string>?sort=<sort:bool>", { a: number; b: string; sort: boolean }>,
  Valid<"/a/<x:int?>?q=<q>", { x?: number | undefined; q: string }>,
  Valid<"/a/<x>?q=<q>&p=<p:int?>", { x: string; q: string; p?: number | undefined }>,
  Valid<"/a?q=<q>", { q: string }>,
  Valid<"DELETE /a/<id:int>", { id: number }>,
  Valid<"get|POST /a/<id:int>", { id: number }>,
  Valid<"/", {}>,
  Valid<"/a/<x:int?>/b/<y:int?>", { x?: number | undefined; y?: number | undefined }>,
] = [true, true, true, true, true, true, true, true]

const invalid = [
  ["GET  /a", m.pathStart("GET  /a")],
  ["GET x /y", m.pathStart("GET x /y")],
  ["get /a/<id:integer>", m.unknownType("integer", "<id:integer>")],
  ["/x?a=<b>&a=<:int>", m.duplicateQueryKey("a")],
  ["/x?a=<:int>&a=<b>", m.emptyName("<:int>")],
  ["/<...r>/<x:int?>", m.wildcardNotLast("<...r>")],
  ["/a/<x:int?>/<...r>", m.ambiguousOption("<x:int?>", "<...r>")],
  ["/a>?q=<q>", m.mixedSegment("a>")],
  ["/a/<x:int?>//b", m.emptySegment("/a/<x:int?>//b")],
] as const

type Sentence<Index extends number> = (typeof invalid)[Index][1]
// biome-ignore lint/suspicious/noExportsInTest: exported so tsc checks the table without an unused-value error
export const invalidAgree: [
  Invalid<"GET  /a", Sentence<0>>,
  Invalid<"GET x /y", Sentence<1>>,
  Invalid<"get /a/<id:integer>", Sentence<2>>,
  Invalid<"/x?a=<b>&a=<:int>", Sentence<3>>,
  Invalid<"/x?a=<:int>&a=<b>", Sentence<4>>,
  Invalid<"/<...r>/<x:int?>", Sentence<5>>,
  Invalid<"/a/<x:int?>/<...r>", Sentence<6>>,
  Invalid<"/a>?q=<q>", Sentence<7>>,
  Invalid<"/a/<x:int?>//b", Sentence<8>>,
] = [true, true, true, true, true, true, true, true, true]

describe("templates on the type-level scanner's shortcuts", () => {
  it.each(Object.entries(valid))("%s parses to its fields at run time too", (template, fields) => {
    expect(Object.keys(parseTemplate(template, {}).fields)).toEqual(fields)
  })

  it.each(invalid)("%s fails at run time with the type level's sentence", (template, sentence) => {
    let message: string | undefined
    try {
      parseTemplate(template, {})
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toBe(sentence)
  })
})
