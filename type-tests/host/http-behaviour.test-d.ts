import { expectAssignable, expectError, expectType } from "tsd"
import { Content, Fetch, Sitelet, t, type Content as ContentOf, type RequestRecord } from "sitelets"
import { Middleware, NodeHandler } from "sitelets/node"

const Site = t.union({ Article: "GET /article/<id:int>", Home: "GET /" })
type Site = { $: "Article"; id: number } | { $: "Home" }

const site = Sitelet.Infer(Site, {
  Article: (ctx, e) => {
    expectType<string>(ctx.RequestId)
    expectType<AbortSignal>(ctx.Signal)
    return Content.WithETag(Content.Text(`article ${e.id}`), `v${e.id}`)
  },
  Home: () => Content.WithLastModified(Content.Text("home"), new Date()),
})

// The observe record's endpoint has the site's endpoint type, on every host.
NodeHandler(site, {
  observe: (record) => {
    expectType<RequestRecord<Site>>(record)
    expectType<Site | undefined>(record.endpoint)
    expectType<number>(record.status)
  },
})
Middleware(site, { observe: (record) => expectType<Site | undefined>(record.endpoint) })
Fetch.Handler(site, { observe: (record) => expectType<Site | undefined>(record.endpoint) })

// A hook written for any site fits every site.
const anySite = (record: RequestRecord): void => void record.requestId
NodeHandler(site, { observe: anySite, methodNotAllowed: true, etag: true, deadline: 5000 })

// The codings are the ones sitelets writes.
NodeHandler(site, { compress: { threshold: 256, encodings: ["br", "gzip"] } })
NodeHandler(site, { compress: true })
expectError(NodeHandler(site, { compress: { encodings: ["deflate"] } }))

expectAssignable<ContentOf>(Content.WithETag(Content.Json({ a: 1 })))
expectAssignable<ContentOf>(Content.WithETag(Content.Text("x"), "v1", { Weak: true }))
