/**
 * Template cases when only `t` is loaded (a front end that links without
 * the router): `t.union` keeps the template, and the parser reads it on
 * first use, with the same sentence for a bad one. With the router loaded
 * first, `t.union` parses at once (test/template/parse-template-fuzz.test.ts).
 */
import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { Returns } from "../../src/descriptor/attributes.js"
import * as descriptorMessages from "../../src/descriptor/messages.js"

describe("template cases before the parser is loaded", () => {
  it("are kept unparsed by t.union and t.case, and parsed on first read once the router is loaded", async () => {
    const User = t.record({ id: t.int })
    const bad: string = "/a/<id:integer>"
    const Site = t.union({ Home: "GET /", User: t.case("GET /users/<id:int>", Returns(User)), Bad: bad })
    expect(Site.cases.User.kind).toBe("case")
    expect(() => Site.cases.User.fields).toThrow(descriptorMessages.templateUnread("GET /users/<id:int>"))

    const { Router } = await import("../../src/router/router.js")
    const { parseTemplate } = await import("../../src/template/parse-template.js")
    const { TemplateError } = await import("../../src/template/template-error.js")
    expect(Site.cases.User.fields).toEqual(parseTemplate("GET /users/<id:int>", {}).fields)
    expect(Site.cases.User.attributes).toEqual([...parseTemplate("GET /users/<id:int>", {}).attributes, Returns(User)])
    // The same sentence as at the declaration, on first use.
    expect(() => Router.Infer(Site)).toThrow(TemplateError)
    const Good = t.union({ Home: "GET /", User: "GET /users/<id:int>" })
    expect(Router.Infer(Good).Link({ $: "User", id: 3 })).toBe("/users/3")
    // Once loaded, t.union parses at once again.
    expect(() => t.union({ Bad: bad })).toThrow(TemplateError)
  })
})
