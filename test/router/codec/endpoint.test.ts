import { describe, expect, it } from "vitest"
import { parseEndPoint } from "../../../src/router/codec/endpoint.js"
import { routerMessages } from "../../../src/router/messages.js"

describe("parseEndPoint", () => {
  it("reads methods, literals and holes", () => {
    expect(parseEndPoint("get|POST /a/<id>/<...rest>", "X")).toEqual({
      methods: ["GET", "POST"],
      segments: [{ literal: "a" }, { hole: "id", rest: false }, { hole: "rest", rest: true }],
    })
    expect(parseEndPoint("/", "X")).toEqual({ methods: undefined, segments: [] })
    expect(parseEndPoint("/a%20b/<n:int>?q=<q>", "X").segments).toEqual([
      { literal: "a b" },
      { hole: "n", rest: false },
    ])
  })

  it.each([
    ["x", routerMessages.endPointNoSlash("X", "x")],
    ["GET x", routerMessages.endPointNoSlash("X", "GET x")],
    ["G(T /x", routerMessages.endPointBadMethod("X", "G(T /x", "G(T")],
    ["/a/../b", routerMessages.endPointDotLiteral("X", "/a/../b")],
  ])("%s is refused", (text, message) => {
    expect(() => parseEndPoint(text, "X")).toThrow(message)
  })
})
