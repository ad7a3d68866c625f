/**
 * `t.case` is one signature for both forms (issue 24: a mistake is then its
 * own sentence on the first line on TypeScript 5.9, 6.0 and 7.0): a
 * template may take its attributes right after it, and a field record takes
 * attributes only.
 */
import { describe, expect, expectTypeOf, it } from "vitest"
import { EndPoint, Returns } from "../../src/descriptor/attributes.js"
import { declaredResponses } from "../../src/descriptor/responses.js"
import * as descriptorMessages from "../../src/descriptor/messages.js"
import type { Infer } from "../../src/descriptor/descriptor.js"
import { t } from "../../src/descriptor/t.js"
import { Router } from "../../src/router/router.js"

const User = t.record({ id: t.int, name: t.string })

describe("t.case, one signature", () => {
  it("takes a template's attributes right after it, or after its extra fields", async () => {
    const direct = t.case("GET /users/<id:int>", Returns(User))
    const after = t.case("GET /users/<id:int>", {}, Returns(User))
    expect(declaredResponses(direct.attributes)).toEqual({ 200: User })
    expect(declaredResponses(after.attributes)).toEqual({ 200: User })
    expectTypeOf<Infer<typeof direct>>().toEqualTypeOf<{ id: number }>()
    const router = Router.Infer(t.union({ Get: direct }))
    expect(router.Link({ $: "Get", id: 7 })).toBe("/users/7")
    expect(await router.Parse({ url: "/users/7" })).toEqual({ $: "Get", id: 7 })
  })

  it("takes attributes only after a field record", () => {
    const record = t.case({ id: t.int }, EndPoint("GET /items"), Returns(User))
    expectTypeOf<Infer<typeof record>>().toEqualTypeOf<{ id: number }>()
    expect(declaredResponses(record.attributes)).toEqual({ 200: User })
    expect(() => t.case({ id: t.int }, { name: t.string } as never)).toThrow(descriptorMessages.caseNotAttribute)
  })
})
