/**
 * Issue 25, item 5: links across the parts of a `Sum`, in types. A handler
 * of the public part links the `Protect`-ed admin part, and the admin
 * part's `LoginRedirect` names the public login page; the same links at run
 * time. A part whose endpoints are not the site's, a link to no case and a
 * missing handler are compile errors.
 */
import { describe, expect, expectTypeOf, it } from "vitest"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Returns } from "../../src/descriptor/attributes.js"
import type { Infer } from "../../src/descriptor/descriptor.js"
import { t } from "../../src/descriptor/t.js"
import { Content } from "../../src/sitelet/content/content.js"
import type { Context } from "../../src/sitelet/context.js"
import type { Sitelet as SiteletOf } from "../../src/sitelet/sitelet.js"

const Public = t.union({ Home: "GET /", Login: "GET /login?returnTo=<returnTo:string?>" })
const Admin = t.union({
  Dashboard: "GET /admin",
  Report: t.case("GET /admin/report/<id:int>", Returns(t.record({ id: t.int }))),
})
type Site = Infer<typeof Public> | Infer<typeof Admin>
const options = { session: { secret: "a test secret that is long enough!" } }

const pages = Sitelet.PartOf<Site>().Infer(Public, {
  Home: (ctx) => {
    expectTypeOf(ctx).toEqualTypeOf<Context<Site>>()
    return Content.Text(`${ctx.Link({ $: "Dashboard" })} ${ctx.Link({ $: "Report", id: 7 })}`)
  },
  Login: (_ctx, e) => Content.Text(`log in, then ${e.returnTo}`),
})
const admin = Sitelet.Protect<Site>(
  { VerifyUser: () => true, LoginRedirect: (_requested, returnTo) => ({ $: "Login", returnTo }) },
  Sitelet.PartOf<Site>().Infer(Admin, {
    Dashboard: (ctx) => Content.Text(ctx.Link({ $: "Home" })),
    Report: (_ctx, e) => Content.Json({ id: e.id }),
  }),
)
const site = Sitelet.Sum(pages, admin)

describe("Sitelet.PartOf", () => {
  it("types each part over the whole site", () => {
    expectTypeOf(pages).toEqualTypeOf<SiteletOf<Site>>()
    expectTypeOf(site).toEqualTypeOf<SiteletOf<Site>>()
  })

  it("links across the parts at run time, and redirects to another part's login", async () => {
    const home = await site.Handle(new Request("http://x/"), options)
    expect(await home?.text()).toBe("/admin /admin/report/7")
    const guarded = await site.Handle(
      new Request("http://x/admin/report/7", { headers: { accept: "text/html" } }),
      options,
    )
    expect([guarded?.status, guarded?.headers.get("location")]).toEqual([307, "/login?returnTo=%2Fadmin%2Freport%2F7"])
    expect(site.Router.Link({ $: "Report", id: 1 })).toBe("/admin/report/1")
  })
})

// Compiled by `npm run typecheck` (on 5.9, 6.0 and 7.0), never run: each @ts-expect-error must meet its error.
// biome-ignore lint/correctness/noUnusedVariables: checked by the compiler, not called
function misfits() {
  {
    const Other = t.union({ Elsewhere: "GET /elsewhere" })
    // @ts-expect-error Sitelet.PartOf: an endpoint of this part is not an endpoint of the site type
    Sitelet.PartOf<Site>().Infer(Other, { Elsewhere: () => Content.Text("") })
    Sitelet.PartOf<Site>().Infer(Public, {
      // @ts-expect-error a link to no case of the site
      Home: (ctx) => Content.Text(ctx.Link({ $: "Dashbord" })),
      Login: () => Content.Text(""),
    })
    // @ts-expect-error Sitelet.Infer: the handler object has no function for case 'Login'
    Sitelet.PartOf<Site>().Infer(Public, { Home: () => Content.Text("") })
    Sitelet.PartOf<Site>().Infer(Admin, {
      Dashboard: () => Content.Text(""),
      // @ts-expect-error case 'Report' answers 200 with 'id': string where the declaration says number
      Report: () => Content.Json({ id: "1" }),
    })
  }
}
