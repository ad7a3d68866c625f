import { describe, expect, it } from "vitest"
import { Content } from "../../src/sitelet/content/content.js"
import { deferred, header, isValidHeader, resolveContent, staticContent } from "../../src/sitelet/content-model.js"
import { Http } from "../../src/sitelet/http/http-status.js"
import type { Context } from "../../src/sitelet/context.js"

const ctx = { Link: () => "/home" } as unknown as Context<unknown>

describe("resolveContent", () => {
  it("gives a static content back as it is, without a promise", () => {
    const text = Content.Text("hi")
    expect(resolveContent(text, ctx)).toBe(text)
  })
  it("runs deferred contents and awaits promised ones", async () => {
    const later = resolveContent(
      deferred(() => Content.Text("deferred")),
      ctx,
    )
    expect(later).toBeInstanceOf(Promise)
    expect((await later).body).toBe("deferred")
    expect((await resolveContent(Promise.resolve(Content.Text("promised")), ctx)).body).toBe("promised")
  })
})

describe("staticContent", () => {
  it("shares a frozen header list and copies any other", () => {
    const shared = Object.freeze([header("X-A", "1")])
    expect(staticContent(Http.Status.Ok, shared, "").headers).toBe(shared)
    const mutable = [header("X-A", "1")]
    const content = staticContent(Http.Status.Ok, mutable, "")
    mutable.push(header("X-B", "2"))
    expect(content.headers).toEqual([["X-A", "1"]])
    expect(Object.isFrozen(content.headers)).toBe(true)
    expect(Object.isFrozen(content)).toBe(true)
  })
  it("gives Text and Json contents that cannot change one another", () => {
    const a = Content.Json({ a: 1 })
    const b = Content.Json({ b: 2 })
    expect(a.headers).toEqual([["Content-Type", "application/json"]])
    expect(Object.isFrozen(a.headers) && Object.isFrozen(b.headers)).toBe(true)
    expect(() => (a.headers as Array<unknown>).push(["X", "y"])).toThrow(TypeError)
    expect(b.headers).toHaveLength(1)
  })
})

describe("isValidHeader", () => {
  it("agrees with header()", () => {
    const cases: Array<[string, string]> = [
      ["X-Ok", "yes"],
      ["X-Bad", "a\nb"],
      ["Bad Name", "x"],
      ["X-Nul", "a\u0000"],
      ["X-Tab", "a\tb"],
      ["X-Wide", "\u0100"],
    ]
    for (const [name, value] of cases) {
      let accepted = true
      try {
        header(name, value)
      } catch {
        accepted = false
      }
      expect(isValidHeader(name, value), name).toBe(accepted)
    }
    expect(cases.filter(([name, value]) => isValidHeader(name, value)).map(([name]) => name)).toEqual(["X-Ok", "X-Tab"])
  })
})
