import { expectAssignable, expectError, expectNotAssignable, expectType } from "tsd"
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

// The parameter's type is the object itself when it is right, else the sentence.
type Missing = CheckedHandler<{ Ok: () => void }, "Ok" | "Other" | "Third">
expectType<
  | "Sitelet.Infer: the handler object has no function for case 'Other'"
  | "Sitelet.Infer: the handler object has no function for case 'Third'"
>(null as unknown as Missing)
type Unknown = CheckedHandler<{ Ok: () => void; Typo: () => void }, "Ok">
expectType<"Sitelet.Infer: the handler object has a function for 'Typo', which is no case of this endpoint type">(
  null as unknown as Unknown,
)
expectNotAssignable<Missing>({ Ok: () => undefined })

// At the call site.
expectError(Sitelet.Infer(Site, { Ok: () => Content.Text("") }))
expectError(
  Sitelet.Infer(Site, {
    Ok: () => Content.Text(""),
    Other: () => Content.Text(""),
    Third: () => Content.Text(""),
    Typo: () => Content.Text(""),
  }),
)
// A right object keeps its contextual types and gives the sitelet of the union.
expectType<SiteletOf<Site>>(
  Sitelet.Infer(Site, {
    Ok: (ctx, e) => {
      expectType<number>(e.n)
      return Content.Text(ctx.Link({ $: "Other" }))
    },
    Other: async () => Content.Text(""),
    Third: () => Content.RedirectTemporary({ $: "Other" }),
  }),
)
// A handler object in a variable is checked too.
const partial = { Ok: () => Content.Text("") }
expectError(Sitelet.Infer(Site, partial))
expectAssignable<SiteletOf<Site>>(Sitelet.Infer(Site, (_ctx, e) => Content.Text(e.$)))

// A handler written apart, annotated with the complete handler type.
const annotated: HandlerFor<typeof Site> = {
  Ok: (_ctx, e) => Content.Text(String(e.n)),
  Other: () => Content.Text(""),
  Third: () => Content.Text(""),
}
expectType<SiteletOf<Site>>(Sitelet.Infer(Site, annotated))
