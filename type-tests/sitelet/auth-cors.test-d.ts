import { expectTypeOf } from "expect-type"
import {
  Content,
  Cors,
  Sitelet,
  safeReturnPath,
  t,
  type CorsAllows,
  type Infer,
  type Sitelet as SiteletOf,
  type UserSession,
} from "sitelets"

const Public = t.union({ Home: "GET /", Login: "GET /login" })
const Admin = t.union({ Admin: "GET /admin/<page>" })
type Endpoint = Infer<typeof Public> | Infer<typeof Admin>

const admin = Sitelet.Protect<Endpoint>(
  { VerifyUser: async (user) => user === "root", LoginRedirect: () => ({ $: "Login" }) },
  Sitelet.Infer(Admin, async (ctx, e) => {
    expectTypeOf(ctx.UserSession).toEqualTypeOf<UserSession>()
    expectTypeOf(ctx.UserSession.GetLoggedInUser()).toEqualTypeOf<Promise<string | undefined>>()
    expectTypeOf(ctx.UserSession.LoginUser("ann", { persistent: true, maxAgeSeconds: 60 })).toEqualTypeOf<
      Promise<void>
    >()
    return Content.Text(e.page)
  }),
)
expectTypeOf(admin).toEqualTypeOf<SiteletOf<Endpoint>>()

// LoginRedirect must return an endpoint of the protected type.
// @ts-expect-error
Sitelet.Protect<Endpoint>({ VerifyUser: () => true, LoginRedirect: () => ({ $: "Nowhere" }) }, admin)
// VerifyUser answers a boolean (or a promise of one).
// @ts-expect-error
Sitelet.Protect<Endpoint>({ VerifyUser: () => "yes", LoginRedirect: () => ({ $: "Login" }) }, admin)

const api = Sitelet.CorsContent(
  "/api",
  Cors.Of({ $: "Api" as const }),
  (allows) => {
    expectTypeOf(allows).toEqualTypeOf<CorsAllows>()
    return { ...allows, Origins: ["https://app.example"], MaxAge: 600 }
  },
  (_ctx, e) => Content.Text(e.$),
)
expectTypeOf(api).toEqualTypeOf<SiteletOf<{ $: "Api" }>>()
expectTypeOf(safeReturnPath("/x")).toEqualTypeOf<string>()
