/**
 * Handler objects: a missing or unknown case is one sentence, written once
 * (`siteletMessages`), thrown at run time and, as a type, the compile error
 * at the `Sitelet.Infer` call (`@ts-expect-error` lines are checked by tsc).
 */
import { describe, expect, expectTypeOf, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import type { Reported } from "../../src/sitelet/answer-problems.js"
import type { CheckedHandler } from "../../src/sitelet/infer.js"
import { type HandlerMissing, type HandlerUnknownCase, siteletMessages } from "../../src/sitelet/messages.js"

const Site = t.union({ Ok: "GET /ok/<n:int>", Other: "GET /other", Third: "POST /third" })
const text = () => Content.Text("")

describe("handler objects", () => {
  it("throw the sentence for a missing case, and for a key that is no case", () => {
    // @ts-expect-error: Other and Third have no function
    expect(() => Sitelet.Infer(Site, { Ok: text })).toThrow(siteletMessages.handlerMissing("Other"))
    expect(() =>
      // @ts-expect-error: Typo is no case
      Sitelet.Infer(Site, { Ok: text, Other: text, Third: text, Typo: text }),
    ).toThrow(siteletMessages.handlerUnknownCase("Typo"))
  })

  it("accept every case, in any order, as functions or async functions; ignore inherited keys", async () => {
    const handlers = Object.assign(Object.create({ Inherited: text }), {
      Third: async () => Content.Text("third"),
      Ok: (_ctx: unknown, e: { n: number }) => Content.Text(`ok ${e.n}`),
      Other: text,
    })
    const site = Sitelet.Infer(Site, handlers)
    expect(await (await site.Handle(new Request("http://localhost/ok/3")))?.text()).toBe("ok 3")
  })

  it("say the same sentence in types as at run time", () => {
    expectTypeOf<
      HandlerMissing<"Other">
    >().toEqualTypeOf<"Sitelet.Infer: the handler object has no function for case 'Other'">()
    expect(siteletMessages.handlerMissing("Other")).toBe(
      "Sitelet.Infer: the handler object has no function for case 'Other'" satisfies HandlerMissing<"Other">,
    )
    expect(siteletMessages.handlerUnknownCase("Typo")).toBe(
      "Sitelet.Infer: the handler object has a function for 'Typo', which is no case of this endpoint type" satisfies HandlerUnknownCase<"Typo">,
    )
    type Fine = { Ok: () => void; Other: () => void }
    expectTypeOf<CheckedHandler<Fine, "Ok" | "Other">>().toEqualTypeOf<Fine>()
    // A missing case: one of the object's functions returns the sentence, reported at its answer, sentence first.
    expectTypeOf<CheckedHandler<{ Ok: () => void }, "Ok" | "Other">>().toEqualTypeOf<{
      Ok: () => Reported<HandlerMissing<"Other">>
    }>()
    // A key that is no case: its function returns the sentence, reported at it with the sentence first.
    expectTypeOf<CheckedHandler<Fine, "Ok">>().toEqualTypeOf<{
      Ok: () => void
      Other: () => Reported<HandlerUnknownCase<"Other">>
    }>()
    // A function, and a descriptor that takes no handler object (no case keys), are not checked.
    expectTypeOf<CheckedHandler<() => void, "Ok">>().toEqualTypeOf<() => void>()
    expectTypeOf<CheckedHandler<Fine, never>>().toEqualTypeOf<Fine>()
  })
})
