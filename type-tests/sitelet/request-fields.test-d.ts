import { expectTypeOf } from "expect-type"
import {
  Content,
  Cookie,
  Header,
  Router,
  Sitelet,
  t,
  type Infer,
  type Linkable,
  type RequestOnlyMark,
  type Simplify,
} from "sitelets"
import { Router as ClientRouter } from "sitelets/client"

const Api = t.union({
  Home: "GET /",
  Items: t.case("GET /items", { version: Header(t.int, "X-API-Version"), trace: Header(t.option(t.string)) }),
  Me: t.case("GET /me", { sid: Cookie(t.string) }),
})
type Api = Infer<typeof Api>

// A case with header or cookie fields carries the phantom mark; the others do not.
expectTypeOf<Extract<Api, { $: "Items" }>>().toEqualTypeOf<
  Simplify<{ $: "Items"; version: number; trace?: string } & RequestOnlyMark>
>()
expectTypeOf<Extract<Api, { $: "Home" }>>().toEqualTypeOf<{ $: "Home" }>()

// Linkable keeps plain cases as they are, and any/unknown/never pass through.
expectTypeOf<Linkable<{ $: "Home" } | { $: "A"; n: number }>>().toEqualTypeOf<{ $: "Home" } | { $: "A"; n: number }>()
expectTypeOf<Linkable<string>>().toEqualTypeOf<string>()
expectTypeOf<Linkable<never>>().toEqualTypeOf<never>()
expectTypeOf<Linkable<unknown>>().toEqualTypeOf<unknown>()

const router = Router.Infer(Api)
router.Link({ $: "Home" })
// @ts-expect-error -- a URL cannot carry a header field
router.Link({ $: "Items", version: 2 })
// @ts-expect-error -- nor a cookie
router.Link({ $: "Me", sid: "x" })

Sitelet.Infer(Api, {
  Home: (ctx) => {
    // @ts-expect-error -- ctx.Link refuses them too
    ctx.Link({ $: "Items", version: 1 })
    return Content.Text(ctx.Link({ $: "Home" }))
  },
  // @ts-expect-error -- and so do the redirects to an endpoint
  Items: () => Content.RedirectSeeOther({ $: "Me", sid: "x" }),
  Me: (_ctx, e) => Content.Text(e.sid),
})

// The typed client, which sends requests, takes them.
const client = ClientRouter.Infer(Api)
expectTypeOf(ClientRouter.Request(client, { $: "Items", version: 2 })).toEqualTypeOf<Request>()
