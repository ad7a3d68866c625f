import { expectTypeOf } from "expect-type"
import { Content, Fetch, Sitelet, t, type HostEnv } from "sitelets"
import { NodeHandler } from "sitelets/node"

// An application declares its bindings once; every handler's ctx.Env has that type.
interface Database {
  query(sql: string): Promise<readonly unknown[]>
}
declare module "sitelets" {
  interface HostEnv {
    readonly DB: Database
    readonly SESSION_SECRET: string
  }
}

const site = Sitelet.Infer(t.union({ Rows: "GET /rows" }), {
  Rows: async (ctx) => {
    expectTypeOf(ctx.Env).toEqualTypeOf<HostEnv>()
    expectTypeOf(ctx.Env.DB).toEqualTypeOf<Database>()
    // @ts-expect-error
    ctx.Env.NOT_DECLARED
    ctx.WaitUntil(ctx.Env.DB.query("insert into log values (1)"))
    return Content.Text(String((await ctx.Env.DB.query("select 1")).length))
  },
})

declare const database: Database
declare const request: Request
// Workers: fetch(request, env, ctx); the secret read from a binding.
const handler = Fetch.Handler(site, { session: { secret: (env) => env.SESSION_SECRET } })
expectTypeOf(
  handler.fetch(request, { DB: database, SESSION_SECRET: "…" }, { waitUntil: () => undefined }),
).toEqualTypeOf<Promise<Response>>()
// node:http: the same bindings as an option, checked against the declaration.
NodeHandler(site, { env: { DB: database, SESSION_SECRET: "…" } })
// @ts-expect-error
NodeHandler(site, { env: { DB: database } })
