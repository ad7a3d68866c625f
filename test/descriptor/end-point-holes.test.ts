/**
 * An `EndPoint` placing a hole that is no field of its case: a compile-time
 * sentence at the field record (`t.case(fields, EndPoint(…))`), and the same
 * sentence, with the case's name, when the router is built. A field that
 * exists but is no path field (a query field) passes the type check and is
 * refused by the router.
 */
import { describe, expect, expectTypeOf, it } from "vitest"
import { EndPoint, Method, Query } from "../../src/descriptor/attributes.js"
import {
  type CheckedFields,
  type EndPointAttribute,
  type EndPointProblem,
  type UnplacedHole,
  unplacedHole,
} from "../../src/descriptor/end-point-holes.js"
import { t } from "../../src/descriptor/t.js"
import { routerMessages } from "../../src/router/messages.js"
import { Router } from "../../src/router/router.js"

describe("EndPoint holes", () => {
  it("reads holes as parseEndPoint does: whole segments, typed or rest, before the query", () => {
    expectTypeOf<EndPointProblem<["GET|POST /a/<id>/<slug>"], "id" | "slug">>().toEqualTypeOf<never>()
    expectTypeOf<EndPointProblem<["/files/<...path:string[]>?x=<y>"], "path">>().toEqualTypeOf<never>()
    expectTypeOf<EndPointProblem<["/a/x<y>/b"], never>>().toEqualTypeOf<never>()
    expectTypeOf<EndPointProblem<["/a/<id>", "/b/<nope:int>"], "id">>().toEqualTypeOf<
      UnplacedHole<"/b/<nope:int>", "nope">
    >()
    expectTypeOf<EndPointProblem<[string], "id">>().toEqualTypeOf<never>()
  })

  it("checks the field record against every EndPoint among the attributes", () => {
    type Fields = { id: typeof t.int }
    expectTypeOf<CheckedFields<Fields, EndPointAttribute<["/a/<id>"]>>>().toEqualTypeOf<Fields>()
    expectTypeOf<CheckedFields<Fields, EndPointAttribute<["/a/<slug>"]>>>().toEqualTypeOf<
      UnplacedHole<"/a/<slug>", "slug">
    >()
    expectTypeOf<CheckedFields<Fields, never>>().toEqualTypeOf<Fields>()
  })

  it("is a compile error at t.case and the same sentence from the router", () => {
    // @ts-expect-error EndPoint '/x/<b>' places '<b>', which is not a path field of the case
    const second = t.case({ a: t.int }, EndPoint("/x/<b>"))
    // @ts-expect-error the same, with the EndPoint after another attribute
    const later = t.case({ a: t.int }, Method("GET"), EndPoint("/x/<a>", "/y/<...b>"))
    expect(() => Router.Infer(t.union({ X: second }))).toThrow(routerMessages.endPointHoleUnknown("X", "/x/<b>", "b"))
    expect(() => Router.Infer(t.union({ X: later }))).toThrow(routerMessages.endPointHoleUnknown("X", "/y/<...b>", "b"))
    expect(routerMessages.endPointHoleUnknown("X", "/x/<b>", "b")).toBe(`Case 'X': ${unplacedHole("/x/<b>", "b")}`)
  })

  it("leaves a query field to the router", () => {
    const query = t.case({ a: Query(t.int) }, EndPoint("/x/<a>"))
    expect(() => Router.Infer(t.union({ X: query }))).toThrow(routerMessages.endPointHoleUnknown("X", "/x/<a>", "a"))
  })
})
