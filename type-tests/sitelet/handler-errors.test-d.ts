import { expectTypeOf } from "expect-type"
import {
  Content,
  Sitelet,
  t,
  type CheckedHandler,
  type HandlerFor,
  type Infer,
  type Sitelet as SiteletOf,
} from "sitelets"

const Site = t.union({ Ok: "GET /ok/<n:int>", Other: "GET /other", Third: "POST /third" })
type Site = Infer<typeof Site>

// The parameter's type is the object itself when it is right; with cases missing, the object with one of its
// functions returning their sentences (reported at its answer, the sentence first).
type Missing = CheckedHandler<{ Ok: () => void }, "Ok" | "Other" | "Third">
expectTypeOf(null as unknown as ReturnType<Missing["Ok"]>).toEqualTypeOf<{
  readonly "Sitelet.Infer: the handler object has no function for case 'Other'": true
  readonly "Sitelet.Infer: the handler object has no function for case 'Third'": true
}>()

// A key that is no case: its function returns the sentence (reported there, the sentence first).
type Unknown = CheckedHandler<{ Ok: () => void; Typo: () => void }, "Ok">
expectTypeOf(null as unknown as ReturnType<Unknown["Typo"]>).toEqualTypeOf<{
  readonly "Sitelet.Infer: the handler object has a function for 'Typo', which is no case of this endpoint type": true
}>()
expectTypeOf({ Ok: () => undefined }).not.toExtend<Missing>()

// At the call site.
// @ts-expect-error
Sitelet.Infer(Site, { Ok: () => Content.Text("") })
Sitelet.Infer(Site, {
  Ok: () => Content.Text(""),
  Other: () => Content.Text(""),
  Third: () => Content.Text(""),
  // @ts-expect-error at the key's answer: 'Typo' is no case
  Typo: () => Content.Text(""),
})
// A right object keeps its contextual types and gives the sitelet of the union.
expectTypeOf(
  Sitelet.Infer(Site, {
    Ok: (ctx, e) => {
      expectTypeOf(e.n).toEqualTypeOf<number>()
      return Content.Text(ctx.Link({ $: "Other" }))
    },
    Other: async () => Content.Text(""),
    Third: () => Content.RedirectTemporary({ $: "Other" }),
  }),
).toEqualTypeOf<SiteletOf<Site>>()
// A handler object in a variable is checked too.
const partial = { Ok: () => Content.Text("") }
// @ts-expect-error
Sitelet.Infer(Site, partial)
expectTypeOf(Sitelet.Infer(Site, (_ctx, e) => Content.Text(e.$))).toExtend<SiteletOf<Site>>()

// A handler written apart, annotated with the complete handler type.
const annotated: HandlerFor<typeof Site> = {
  Ok: (_ctx, e) => Content.Text(String(e.n)),
  Other: () => Content.Text(""),
  Third: () => Content.Text(""),
}
expectTypeOf(Sitelet.Infer(Site, annotated)).toEqualTypeOf<SiteletOf<Site>>()
