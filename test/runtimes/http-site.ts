/**
 * The runtime matrix's site for the HTTP behaviour options: 405/Allow,
 * OPTIONS, ETags and 304, compression with each runtime's codecs, request
 * ids and the deadline. Isomorphic (no Node built-ins).
 */
import { Content, Json, Sitelet, t, type HostOptions } from "../../src/index.js"

const Item = t.record({ id: t.int, name: t.string })

const Pages = t.union({
  Blog: "GET /blog",
  Post: t.case("POST /blog", { item: Json(Item) }),
  Articles: "GET /articles",
  Id: "GET /id",
  Slow: "GET /slow",
})

/** The JSON `/articles` answers: about 2 KB, worth compressing. */
export const articles = Array.from({ length: 40 }, (_, id) => ({ id, name: `article number ${id}` }))

/** The site. `/slow` waits for its signal (the deadline aborts it) and says why it stopped. */
export const httpSite = Sitelet.Infer(Pages, {
  Blog: () => Content.Text("blog"),
  Post: (_ctx, e) => Content.Json(e.item, Item),
  Articles: () => Content.Json(articles),
  Id: (ctx) => Content.Text(ctx.RequestId),
  Slow: (ctx) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve(Content.Text("too late")), 10_000)
      ctx.Signal.addEventListener("abort", () => {
        clearTimeout(timer)
        reject(ctx.Signal.reason)
      })
    }),
})

/** Every HTTP behaviour option on. */
export const httpOptions: HostOptions = {
  onError: () => undefined,
  methodNotAllowed: true,
  etag: true,
  compress: { threshold: 256 },
  deadline: 200,
}
