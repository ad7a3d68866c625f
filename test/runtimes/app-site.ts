/**
 * The matrix's application: a login form and a protected page (sessions),
 * a CORS API with its preflight, a multipart upload, a handler that throws,
 * and the runtime's extras (`ctx.Env`, `ctx.WaitUntil`). Written against
 * the public root import only, as an application on an edge runtime is.
 */
import {
  Content,
  Cors,
  DateTimeFormat,
  FormData,
  Http,
  NoBody,
  Responds,
  Sitelet,
  t,
  type HostOptions,
  type Infer,
  type SessionSecret,
} from "../../src/index.js"

/** The origin the CORS part allows. */
export const allowedOrigin = "https://app.example"

const Public = t.union({
  Home: "GET /",
  Login: t.case("POST /login", { user: FormData(t.string) }),
  Logout: "POST /logout",
  Upload: t.case("POST /upload", { title: FormData(t.string), note: FormData(t.option(t.string)) }),
  Boom: "GET /boom",
  Errors: "GET /errors",
  Env: "GET /env",
  Later: "GET /later",
  LaterDone: "GET /later/done",
  // A declared answer: the handler's Content.Json(value) is written by its descriptor (bigint as text, a date format).
  Answer: t.case(
    "GET /answer/<id:int>",
    {},
    Responds({
      200: t.record({ id: t.int, big: t.bigint, day: DateTimeFormat("yyyy-MM-dd") }),
      404: t.record({ error: t.string }),
    }),
  ),
  // A body-less success: 204 without Content-Type on every runtime.
  Forget: t.case("DELETE /answer/<id:int>", {}, Responds({ 204: NoBody })),
  // Two in-process answers built on one shared header list (`site.Handle`): a header set on the first stays there.
  Isolated: "GET /isolated",
})
const Private = t.union({ Admin: "GET /admin/<page>" })
type Endpoint = Infer<typeof Public> | Infer<typeof Private> | { readonly $: "Ping" }

/** Errors the host reported (handler exceptions, WaitUntil rejections), read back through `/errors`. */
const reported: string[] = []
let laterDone = 0

// Typed: the Isolated handler answers through the site itself.
const pages: Sitelet<Infer<typeof Public>> = Sitelet.Infer(Public, {
  Home: () => Content.Text("home"),
  Login: async (ctx, e) => {
    await ctx.UserSession.LoginUser(e.user)
    return Content.Text(`logged in ${e.user}`)
  },
  Logout: async (ctx) => {
    await ctx.UserSession.Logout()
    return Content.Text("logged out")
  },
  Upload: (_ctx, e) => Content.Text(`upload ${e.title} ${e.note ?? "-"}`),
  Boom: () => {
    throw new Error("handler failure (expected by the matrix)")
  },
  Errors: () => Content.Json(reported),
  // What the runtime handed over: the names of the bindings' own keys (Workers' env, Bun's server, Deno's info).
  Env: (ctx) => Content.Json(Object.keys(ctx.Env).sort()),
  Later: (ctx) => {
    ctx.WaitUntil(new Promise((resolve) => setTimeout(resolve, 20)).then(() => laterDone++))
    ctx.WaitUntil(Promise.reject(new Error("background failure (expected by the matrix)")))
    return Content.Text("answered first")
  },
  LaterDone: () => Content.Text(String(laterDone)),
  Answer: (_ctx, e) =>
    e.id === 0
      ? Content.SetStatus(Http.Status.NotFound, Content.Json({ error: "no answer 0" }))
      : Content.Json({ id: e.id, big: 2n ** 64n + BigInt(e.id), day: new Date(Date.UTC(2026, 10, 25)) }),
  Forget: () => Content.NoContent(),
  Isolated: async () => {
    const first = await pages.Handle(new Request("http://app.example/"))
    first?.headers.set("X-Later", "1")
    const second = await pages.Handle(new Request("http://app.example/"))
    return Content.Json([first?.headers.get("x-later") ?? null, second?.headers.get("x-later") ?? null])
  },
})

const admin = Sitelet.Protect<Endpoint>(
  { VerifyUser: (user) => user === "root", LoginRedirect: () => ({ $: "Home" }) },
  Sitelet.Infer(Private, async (ctx, e) =>
    Content.Text(`admin ${e.page} for ${await ctx.UserSession.GetLoggedInUser()}`),
  ),
)

const api = Sitelet.CorsContent<Endpoint>(
  "/api/ping",
  Cors.Of({ $: "Ping" }),
  (allows) => ({ ...allows, Origins: [allowedOrigin], Credentials: true }),
  () => Content.Text("pong"),
)

/** The served sitelet. */
export const appSite = Sitelet.Sum(pages, admin, api)

/**
 * The host options: the session secret as given (a value, or a function of
 * the bindings on Workers), errors collected for `/errors`.
 */
export function appOptions(secret: SessionSecret): HostOptions {
  return {
    session: { secret },
    onError: (error) => void reported.push(error instanceof Error ? error.message : String(error)),
  }
}
