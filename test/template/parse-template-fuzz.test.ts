import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { EndPoint } from "../../src/descriptor/attributes.js"
import { t } from "../../src/descriptor/t.js"
import { parseTemplate } from "../../src/template/parse-template.js"
import { TemplateError } from "../../src/template/template-error.js"
// Loaded as on a server: templates are parsed by t.union itself (without it: test/descriptor/template-case.test.ts).
import "../../src/router/router.js"

// Mostly well-formed pieces with some junk mixed in, so inputs reach every grammar rule (and many are valid).
const junk = fc.constantFrom("<", ">", "...", ":", "?", "&", "=", "[]", "(", ")", "", "__proto__", " ")
const name = fc.constantFrom("a", "b", "id", "__proto__", "toString", "")
const type = fc.constantFrom(
  "",
  ":int",
  ":string",
  ":int?",
  ":bool[]",
  ":int[]?",
  ":datetime(yyyy-MM-dd)",
  ":integer",
  ":datetime(HH)",
)
const hole = fc
  .tuple(fc.constantFrom("", "..."), name, type, fc.constantFrom(">", ">", ""))
  .map(([rest, field, spec, close]) => `<${rest}${field}${spec}${close}`)
const segment = fc.oneof(fc.constantFrom("a", "items", "x y"), hole, hole, junk)
const item = fc.tuple(fc.constantFrom("q", "p", ""), hole).map(([key, value]) => `${key}=${value}`)
const templateText = fc
  .tuple(
    fc.constantFrom("", "", "GET ", "get|POST ", "FETCH ", "GET|"),
    fc.array(segment, { maxLength: 5 }),
    fc.option(fc.array(fc.oneof(item, item, junk), { minLength: 1, maxLength: 3 }), { nil: undefined }),
  )
  .map(
    ([methods, segments, query]) =>
      `${methods}/${segments.join("/")}${query === undefined ? "" : `?${query.join("&")}`}`,
  )

describe("parseTemplate on arbitrary input", () => {
  it("returns a frozen case or throws a TemplateError, nothing else", () => {
    fc.assert(
      fc.property(templateText, (template) => {
        try {
          const parsed = parseTemplate(template, {})
          expect(parsed.kind).toBe("case")
          expect(Object.isFrozen(parsed.fields)).toBe(true)
        } catch (error) {
          expect(error).toBeInstanceOf(TemplateError)
        }
      }),
      { numRuns: 2000 },
    )
  })

  it("re-parses its own EndPoint path to the same field names (types dropped)", () => {
    fc.assert(
      fc.property(templateText, (template) => {
        let parsed
        try {
          parsed = parseTemplate(template, {})
        } catch {
          return
        }
        const endpoint = parsed.attributes[0]
        if (endpoint?.name !== "EndPoint") throw new Error("no EndPoint")
        const again = parseTemplate(endpoint.values[0] as string, {})
        const pathFields = Object.entries(parsed.fields)
          .filter(([, field]) => field.kind !== "field")
          .map(([name]) => name)
        expect(Object.keys(again.fields)).toEqual(pathFields)
      }),
      { numRuns: 2000 },
    )
  })
})

describe("parseTemplate details", () => {
  it("keeps a hole named __proto__ as a plain own field", () => {
    const parsed = parseTemplate("/x/<__proto__:int>", {})
    expect(Object.hasOwn(parsed.fields, "__proto__")).toBe(true)
    expect(Object.getPrototypeOf(parsed.fields)).toBe(Object.prototype)
  })

  it("ignores inherited names when looking up extra fields", () => {
    const parsed = parseTemplate("/x/<toString>", {})
    expect(parsed.fields).toEqual({ toString: t.string })
  })

  it("is what t.union and t.case build for a template", () => {
    const Site = t.union({ Article: "GET /article/<id:int>" })
    expect(Site.cases.Article).toEqual(parseTemplate("GET /article/<id:int>", {}))
    const Create = t.case("POST /posts/<blog:int>", {}, EndPoint("/alt/<blog>"))
    expect(Create.attributes).toEqual([EndPoint("POST /posts/<blog>"), EndPoint("/alt/<blog>")])
  })

  it("throws from t.union for a template only known at run time", () => {
    const template: string = "/a/<id:integer>"
    expect(() => t.union({ A: template })).toThrow(TemplateError)
  })
})
