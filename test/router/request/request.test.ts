import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { createRouteRequest, routeRequestFromFetch, toRouteRequest } from "../../../src/router/request/request.js"
import { parseQuery, parseTarget } from "../../../src/router/request/target.js"
import { decodeComponent, encodeComponent } from "../../../src/router/request/percent.js"

describe("parseTarget", () => {
  it("decodes each segment exactly once and drops empty segments", () => {
    expect(parseTarget("/a/b%20c//d/").segments).toEqual(["a", "b c", "d"])
    expect(parseTarget("/files/a%2Fb").segments).toEqual(["files", "a/b"])
    expect(parseTarget("/files/%252F").segments).toEqual(["files", "%2F"])
    expect(parseTarget("/files/%252e%252e%252f").segments).toEqual(["files", "%2e%2e%2f"])
    expect(parseTarget("/").segments).toEqual([])
    expect(parseTarget("/a+b").segments).toEqual(["a+b"])
  })

  it.each([
    ["/x/%", "malformed"],
    ["/x/%zz", "malformed"],
    ["/x/%E0%A4%A", "malformed"],
    ["/x/%C0%AE%C0%AE", "overlong UTF-8"],
    ["/x/%ED%A0%80", "lone surrogate"],
    ["/a/../admin", "dot segment"],
    ["/a/%2e%2E/admin", "encoded dot segment"],
    ["/a/./b", "single dot"],
    ["/a\\..\\admin", "backslash"],
    ["/x?q=%", "malformed query"],
    ["*", "asterisk-form"],
    ["http:///admin", "absolute-form without host"],
    ["http://h:bad/admin", "absolute-form with a bad port"],
    ["//evil.com/admin", "never a host"],
  ])("marks %s as bad (%s)", (target, _why) => {
    const parsed = parseTarget(target)
    if (target === "//evil.com/admin") {
      // Protocol-relative text is a path here, never a host: it routes as /evil.com/admin.
      expect(parsed.bad).toBeUndefined()
      expect(parsed.segments).toEqual(["evil.com", "admin"])
    } else {
      expect(parsed.bad).toBeTypeOf("string")
    }
  })

  it("reads absolute-form targets without letting the query become the path", () => {
    expect(parseTarget("http://localhost?next=/admin").segments).toEqual([])
    expect(parseTarget("http://localhost?next=/admin").query.get("next")).toEqual(["/admin"])
    expect(parseTarget("https://user@h:8080/a/b?x=1#frag").segments).toEqual(["a", "b"])
    expect(parseTarget("http://h#/admin").segments).toEqual([])
    expect(parseTarget("http://[::1]:80/a").segments).toEqual(["a"])
  })

  it("drops the fragment", () => {
    expect(parseTarget("/a#/b").segments).toEqual(["a"])
  })
})

describe("parseQuery", () => {
  it("decodes keys and values once, + as space, repeated keys in order", () => {
    const { query, bad } = parseQuery("q=a+b%2B&tag=x&tag=y&flag&=v&empty=")
    expect(bad).toBeUndefined()
    expect(query.get("q")).toEqual(["a b+"])
    expect(query.get("tag")).toEqual(["x", "y"])
    expect(query.get("flag")).toEqual([""])
    expect(query.get("")).toEqual(["v"])
    expect(query.get("empty")).toEqual([""])
  })

  it("is safe for prototype names", () => {
    const { query } = parseQuery("__proto__=1&constructor=2")
    expect(query.get("__proto__")).toEqual(["1"])
    expect(query.get("constructor")).toEqual(["2"])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe("percent-encoding", () => {
  it("encodes only when needed and round-trips", () => {
    expect(encodeComponent("abc-_.!~*'()")).toBe("abc-_.!~*'()")
    expect(encodeComponent("a b/c?d#e%f+g")).toBe("a%20b%2Fc%3Fd%23e%25f%2Bg")
    expect(encodeComponent("\ud800")).toBeUndefined()
    for (const text of ["é", "😀", "%2F", "a+b", "\u2028"])
      expect(decodeComponent(encodeComponent(text) as string)).toBe(text)
  })
})

describe("request views", () => {
  it("createRouteRequest upper-cases the method and reads the body once", async () => {
    let reads = 0
    const request = createRouteRequest({
      method: "post",
      target: "/a?b=1",
      readBody: async () => {
        reads++
        return new Uint8Array([1, 2])
      },
    })
    expect(request.method).toBe("POST")
    expect(request.path).toBe("/a")
    await request.body()
    await request.body()
    expect(reads).toBe(1)
  })

  it("routeRequestFromFetch and toRouteRequest agree", async () => {
    const fetchRequest = routeRequestFromFetch(new Request("http://x/a%2Fb/c?q=1", { method: "PUT", body: "hi" }))
    const plain = toRouteRequest({ method: "PUT", url: "/a%2Fb/c?q=1", body: "hi" })
    for (const request of [fetchRequest, plain]) {
      expect(request.segments).toEqual(["a/b", "c"])
      expect(request.query.get("q")).toEqual(["1"])
      expect(new TextDecoder().decode(await request.body())).toBe("hi")
    }
  })

  it("a FormData body brings its multipart Content-Type", async () => {
    const form = new FormData()
    form.set("a", "1")
    const request = toRouteRequest({ method: "POST", url: "/", body: form })
    expect(request.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/)
  })
})

describe("the router ships no regular expression", () => {
  it("src/router has no regex literal or RegExp", async () => {
    const { readdir, readFile } = await import("node:fs/promises")
    const dir = new URL("../../../src/router/", import.meta.url)
    // Its rooms too (the route-table compiler, src/router/table/).
    for (const name of await readdir(dir, { recursive: true })) {
      if (!name.endsWith(".ts")) continue
      const text = await readFile(new URL(name, dir), "utf8")
      expect(text.includes("new RegExp"), name).toBe(false)
      expect(/[=(,!&|?:]\s*\/[^/*\s][^/\n]*\/[gimsuy]*\.(test|exec)\(/.test(text), name).toBe(false)
    }
  })
})

describe("adapter equivalence", () => {
  it("a raw target and the Fetch Request built from it give the same segments and query", () => {
    const pieces = fc.constantFrom(
      "%2F",
      "%25",
      "%zz",
      "%C0%AE",
      "%ED%A0%80",
      "%2e",
      ".",
      "..",
      "+",
      "~",
      "é",
      "%E2%80%A8",
      "{",
      "a",
      "b",
    )
    const target = fc.oneof(
      fc.webPath(),
      fc.array(fc.oneof(pieces, fc.webSegment()), { maxLength: 6 }).map((segments) => "/" + segments.join("/")),
    )
    const query = fc.option(fc.webQueryParameters(), { nil: undefined })
    fc.assert(
      fc.property(target, query, (path, search) => {
        const raw = (path.startsWith("/") ? path : "/" + path) + (search === undefined ? "" : "?" + search)
        const direct = createRouteRequest({ method: "GET", target: raw })
        fc.pre(direct.bad === undefined)
        const viaFetch = routeRequestFromFetch(new Request("http://example.test" + raw))
        expect(viaFetch.bad).toBeUndefined()
        expect(viaFetch.segments).toEqual(direct.segments)
        expect([...viaFetch.query]).toEqual([...direct.query])
      }),
      { numRuns: Number(process.env.FC_NUM_RUNS ?? 100) },
    )
  })
})

describe("createRouteRequest on the hot path", () => {
  it("upper-cases any method that is not already upper-case ASCII, and keeps one that is", () => {
    expect(createRouteRequest({ method: "pAtCh", target: "/" }).method).toBe("PATCH")
    expect(createRouteRequest({ method: "GET", target: "/" }).method).toBe("GET")
    expect(createRouteRequest({ method: "m\u00e9thode", target: "/" }).method).toBe("M\u00c9THODE")
  })

  it("decodes segments only when the path holds an escape, and still rejects dot segments", () => {
    expect(createRouteRequest({ method: "GET", target: "/a+b/c d/x" }).segments).toEqual(["a+b", "c d", "x"])
    expect(createRouteRequest({ method: "GET", target: "/a/%2e%2E/x" }).bad).toBeDefined()
    expect(createRouteRequest({ method: "GET", target: "/a/../x" }).bad).toBeDefined()
  })

  it("reads an empty body when there is no reader", async () => {
    const request = createRouteRequest({ method: "POST", target: "/" })
    expect(await request.body()).toEqual(new Uint8Array(0))
    expect(await request.body()).toBe(await request.body())
  })
})

describe("encodeComponent", () => {
  const native = (text: string) => {
    try {
      return encodeURIComponent(text)
    } catch {
      return undefined
    }
  }

  it("writes exactly what encodeURIComponent writes, and undefined where it throws (lone surrogates)", () => {
    const text = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.string({ unit: "grapheme" }),
      fc.string(),
      fc.string({ unit: fc.constantFrom("\ud800", "\udc00", "a", "é", "😀", "/", "%", " ") }),
    )
    fc.assert(
      fc.property(text, (value) => {
        expect(encodeComponent(value)).toBe(native(value))
      }),
      { numRuns: Math.max(1000, Number(process.env.FC_NUM_RUNS ?? 0)) },
    )
    for (const edge of [
      "\u007f",
      "\u0080",
      "\u07ff",
      "\u0800",
      "\uffff",
      "\ud7ff",
      "\ue000",
      "\udbff\udfff",
      "\ud800\udc00x",
      "x\ud800",
      "\udc00\ud800",
    ]) {
      expect(encodeComponent(edge)).toBe(native(edge))
    }
  })
})
