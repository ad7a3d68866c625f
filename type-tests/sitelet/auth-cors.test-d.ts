import { expectError, expectType } from "tsd"
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
    expectType<UserSession>(ctx.UserSession)
    expectType<Promise<string | undefined>>(ctx.UserSession.GetLoggedInUser())
    expectType<Promise<void>>(ctx.UserSession.LoginUser("ann", { persistent: true, maxAgeSeconds: 60 }))
    return Content.Text(e.page)
  }),
)
expectType<SiteletOf<Endpoint>>(admin)

// LoginRedirect must return an endpoint of the protected type.
expectError(Sitelet.Protect<Endpoint>({ VerifyUser: () => true, LoginRedirect: () => ({ $: "Nowhere" }) }, admin))
// VerifyUser answers a boolean (or a promise of one).
expectError(Sitelet.Protect<Endpoint>({ VerifyUser: () => "yes", LoginRedirect: () => ({ $: "Login" }) }, admin))

const api = Sitelet.CorsContent(
  "/api",
  Cors.Of({ $: "Api" as const }),
  (allows) => {
    expectType<CorsAllows>(allows)
    return { ...allows, Origins: ["https://app.example"], MaxAge: 600 }
  },
  (_ctx, e) => Content.Text(e.$),
)
expectType<SiteletOf<{ $: "Api" }>>(api)
expectType<string>(safeReturnPath("/x"))
