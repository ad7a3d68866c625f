import { describe, expect, it } from "vitest"
import { t } from "../../../src/descriptor/t.js"
import { EndPoint, Json, Method, Query } from "../../../src/descriptor/attributes.js"
import { Router } from "../../../src/router/router.js"
import { routerMessages } from "../../../src/router/messages.js"
import * as descriptorMessages from "../../../src/descriptor/messages.js"
import { Post } from "../../fixtures/site.js"

describe("impossible shapes fail when the router is built", () => {
  it.each([
    [
      "two Json fields",
      () => t.union({ X: t.case({ a: t.int, b: t.int }, Json("a"), Json("b")) }),
      descriptorMessages.severalJsonFields("X", ["a", "b"]),
    ],
    [
      "a Wildcard on an int",
      () =>
        t.union({
          X: t.case({ a: t.int }, EndPoint("/x")),
          Y: t.case({ n: t.int }, EndPoint("/y"), { kind: "attribute", name: "Wildcard", values: [] }),
        }),
      descriptorMessages.wildcardNotLast("Y"),
    ],
    [
      "a ':' date format in a path",
      () => t.union({ X: t.case({ d: t.datetime("yyyy-MM-dd HH:mm") }) }),
      descriptorMessages.badDateFormatInPath("yyyy-MM-dd HH:mm"),
    ],
    [
      "a '/' date format in a path",
      () =>
        t.union({
          X: t.case({ d: t.datetime }, { kind: "attribute", name: "DateTimeFormat", values: ["d", "yyyy/MM/dd"] }),
        }),
      descriptorMessages.badDateFormatInPath("yyyy/MM/dd"),
    ],
    [
      "Query naming no field",
      () => t.union({ X: t.case({ a: t.int }, Query("b")) }),
      descriptorMessages.unknownAttributeField("X", "Query", "b"),
    ],
    [
      "t.map in a path",
      () => t.union({ X: t.case({ m: t.map(t.int) }) }),
      descriptorMessages.mapInPath("Case 'X' field 'm'"),
    ],
    [
      "a record in a query",
      () => t.union({ X: t.case({ r: Query(Post) }) }),
      routerMessages.notInQuery("Case 'X' field 'r'", "record"),
    ],
    [
      "an EndPoint hole naming no path field",
      // @ts-expect-error the same sentence at compile time (src/descriptor/end-point-holes.ts)
      () => t.union({ X: t.case({ a: t.int }, EndPoint("/x/<b>")) }),
      routerMessages.endPointHoleUnknown("X", "/x/<b>", "b"),
    ],
    [
      "a method-less EndPoint without a slash",
      () => t.union({ X: t.case({}, EndPoint("x")) }),
      routerMessages.endPointNoSlash("X", "x"),
    ],
  ])("%s", (_name, make, message) => {
    expect(() => Router.Infer(make() as never)).toThrow(message)
  })

  it("Method upper-cases and a method-only case accepts it", async () => {
    const r = Router.Infer(t.union({ X: t.case({}, EndPoint("/x"), Method("put")) }))
    expect(await r.Parse({ method: "PUT", url: "/x" })).toEqual({ $: "X" })
    expect(r.link({ $: "X" })?.method).toBe("PUT")
  })
})
