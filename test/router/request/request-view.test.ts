import { describe, expect, it } from "vitest"
import { noBody, noHeaders } from "../../../src/router/request/request.js"
import { RequestView } from "../../../src/router/request/request-view.js"
import { parseTarget, surelyGood } from "../../../src/router/request/target.js"

const view = (target: string) => new RequestView("GET", target, noHeaders, noBody, undefined)

describe("RequestView", () => {
  it("reads as parseTarget reads its target, parsed once on first read", () => {
    for (const target of [
      "/",
      "/a/b?x=1&x=2",
      "/a%20b/c?q=%41",
      "/x/%zz",
      "/a/../b",
      "/a\\b",
      "/a\uD800",
      "http://h/p?q",
    ]) {
      const parsed = parseTarget(target)
      const lazy = view(target)
      expect(lazy.target).toBe(target)
      expect(lazy.bad, target).toBe(parsed.bad)
      expect(lazy.path, target).toBe(parsed.path)
      expect(lazy.segments, target).toEqual(parsed.segments)
      expect([...lazy.query], target).toEqual([...parsed.query])
      // One parse: the same arrays and maps on every read.
      expect(lazy.segments).toBe(lazy.segments)
      expect(lazy.query).toBe(lazy.query)
    }
  })

  it("answers bad without a parse only for targets nothing could be wrong with", () => {
    for (const target of ["/", "/a/b", "/a/b?x=1#f", "/.well-known/x", "/a/.b", "/a/b..", "/é"])
      expect(surelyGood(target), target).toBe(true)
    for (const target of ["/a%20", "/a/./b", "/a/..", "/a/.?x", "/a\\b", "/?q=%zz", "/a\uDC00", "http://h/", "a"])
      expect(surelyGood(target), target).toBe(false)
    // Whatever surelyGood passes, the parse finds good.
    for (const target of ["/", "/a/b", "/a/b?x=1#f", "/.well-known/x", "/a/.b", "/é"])
      expect(parseTarget(target).bad, target).toBeUndefined()
  })
})
