import { describe, expect, it } from "vitest"
import { Router } from "../../src/router/router.js"
import { LinkError } from "../../src/router/link/link-error.js"

describe("composition primitives", () => {
  const about = Router.Single({ $: "About" } as const, "/about")
  const status = Router.Single({ $: "Status" } as const, "/status")

  it("Single parses its path only and links deep-equal values", async () => {
    expect(await about.Parse({ url: "/about" })).toEqual({ $: "About" })
    expect(await about.Parse({ url: "/about/" })).toEqual({ $: "About" })
    expect(await about.Parse({ url: "/about/x" })).toBeUndefined()
    expect(about.Link({ $: "About" })).toBe("/about")
  })

  it("Sum tries routers in order and links from the first that produces the value", async () => {
    const first = Router.Single("first", "/same")
    const second = Router.Single("second", "/same")
    const sum = Router.Sum<string>(first, second, Router.Single("other", "/other"))
    expect(await sum.Parse({ url: "/same" })).toBe("first")
    expect(await sum.Parse({ url: "/other" })).toBe("other")
    expect(sum.Link("second")).toBe("/same")
    expect(() => sum.Link("nothing")).toThrow(LinkError)
    expect(await Router.Sum<string>([first, second]).Parse({ url: "/same" })).toBe("first")
  })

  it("Shift is segment-exact", async () => {
    const api = Router.Shift("api", status)
    expect(await api.Parse({ url: "/api/status" })).toEqual({ $: "Status" })
    expect(await api.Parse({ url: "/apix/status" })).toBeUndefined()
    expect(await api.Parse({ url: "/status" })).toBeUndefined()
    expect(api.Link({ $: "Status" })).toBe("/api/status")
    const deep = Router.Shift("/api/v1/", status)
    expect(deep.Link({ $: "Status" })).toBe("/api/v1/status")
    expect(await deep.Parse({ url: "/api/v1/status" })).toEqual({ $: "Status" })
    expect(await deep.Parse({ url: "/api%2Fv1/status" })).toBeUndefined()
  })

  it("Map and Embed translate endpoint values both ways", async () => {
    const mapped = Router.Map(
      (e: { $: "About" }) => e.$.length,
      (n: number) => (n === 5 ? { $: "About" as const } : { $: "About" as const }),
      about,
    )
    expect(await mapped.Parse({ url: "/about" })).toBe(5)
    expect(mapped.Link(5)).toBe("/about")
    type Outer = { kind: "about" } | { kind: "other" }
    const embedded = Router.Embed(
      (): Outer => ({ kind: "about" }),
      (outer: Outer) => (outer.kind === "about" ? { $: "About" as const } : undefined),
      about,
    )
    expect(await embedded.Parse({ url: "/about" })).toEqual({ kind: "about" })
    expect(embedded.Link({ kind: "about" })).toBe("/about")
    expect(embedded.link({ kind: "other" })).toBeUndefined()
  })

  it("Empty accepts nothing", async () => {
    expect(await Router.Empty().Parse({ url: "/" })).toBeUndefined()
    expect(Router.Empty<number>().link(1)).toBeUndefined()
  })

  it("a bad target never matches", async () => {
    expect(await Router.Single("x", "/a%25").Parse({ url: "/a%25" })).toBe("x")
    expect(await Router.Single("x", "/a").Parse({ url: "/a/%" })).toBeUndefined()
  })
})

describe("Shift prefixes", () => {
  it("are decoded once like request segments and encoded in links", async () => {
    const shifted = Router.Shift("my docs", Router.Single("x", "/a"))
    expect(shifted.Link("x")).toBe("/my%20docs/a")
    expect(await shifted.Parse({ url: "/my%20docs/a" })).toBe("x")
  })
})
