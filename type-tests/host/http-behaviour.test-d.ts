import { expectTypeOf } from "expect-type"
import { Content, Fetch, Sitelet, t, type Content as ContentOf, type HostOptions, type RequestRecord } from "sitelets"
import { Middleware, NodeHandler } from "sitelets/node"

const Site = t.union({ Article: "GET /article/<id:int>", Home: "GET /" })
type Site = { $: "Article"; id: number } | { $: "Home" }

const site = Sitelet.Infer(Site, {
  Article: (ctx, e) => {
    expectTypeOf(ctx.RequestId).toEqualTypeOf<string>()
    expectTypeOf(ctx.Signal).toEqualTypeOf<AbortSignal>()
    return Content.WithETag(Content.Text(`article ${e.id}`), `v${e.id}`)
  },
  Home: () => Content.WithLastModified(Content.Text("home"), new Date()),
})

// The observe record's endpoint has the site's endpoint type, on every host.
NodeHandler(site, {
  observe: (record) => {
    expectTypeOf(record).toEqualTypeOf<RequestRecord<Site>>()
    expectTypeOf(record.endpoint).toExtend<Site | undefined>()
    expectTypeOf(record.status).toEqualTypeOf<number>()
  },
})
Middleware(site, { observe: (record) => expectTypeOf(record.endpoint).toExtend<Site | undefined>() })
Fetch.Handler(site, { observe: (record) => expectTypeOf(record.endpoint).toExtend<Site | undefined>() })

// A hook written for any site fits every site.
const anySite = (record: RequestRecord): void => void record.requestId
NodeHandler(site, { observe: anySite, methodNotAllowed: true, etag: true, deadline: 5000 })

// The codings are the ones sitelets writes.
NodeHandler(site, { compress: { threshold: 256, encodings: ["br", "gzip"] } })
NodeHandler(site, { compress: true })
// @ts-expect-error
NodeHandler(site, { compress: { encodings: ["deflate"] } })

expectTypeOf(Content.WithETag(Content.Json({ a: 1 }))).toExtend<ContentOf>()
expectTypeOf(Content.WithETag(Content.Text("x"), "v1", { Weak: true })).toExtend<ContentOf>()

// site.Handle takes the host's options (the sitelet layer's port, merged with HostOptions by the host layer).
declare const handled: Sitelet<Site>
void handled.Handle(new Request("http://x/"), { basePath: "/app", compress: true, limits: { bodyBytes: 1024 } })
expectTypeOf(handled.Handle).parameter(1).toEqualTypeOf<HostOptions | undefined>()
// @ts-expect-error an option no host has
void handled.Handle(new Request("http://x/"), { basePat: "/app" })
