/**
 * The runtime matrix's site for the HTTP behaviour options: 405/Allow,
 * OPTIONS, ETags and 304, compression with each runtime's codecs, request
 * ids and the deadline. Isomorphic (no Node built-ins).
 */
import { Content, FormData, Json, Sitelet, t, type HostOptions } from "../../src/index.js"

const Item = t.record({ id: t.int, name: t.string })

const Pages = t.union({
  Blog: "GET /blog",
  Post: t.case("POST /blog", { item: Json(Item) }),
  Articles: "GET /articles",
  Id: "GET /id",
  Slow: "GET /slow",
  Stream: "GET /stream",
  Events: "GET /events",
  Upload: t.case("POST /upload", { doc: FormData(t.file), note: FormData(t.option(t.string)) }),
})

const Tick = t.record({ n: t.int })

/** The JSON `/articles` answers: about 2 KB, worth compressing. */
export const articles = Array.from({ length: 40 }, (_, id) => ({ id, name: `article number ${id}` }))

/** The site. `/slow` waits for its signal (the deadline aborts it) and says why it stopped. */
export const httpSite = Sitelet.Infer(Pages, {
  Blog: () => Content.Text("blog"),
  Post: (_ctx, e) => Content.Json(e.item, Item),
  Articles: () => Content.Json(articles),
  Id: (ctx) => Content.Text(ctx.RequestId),
  Stream: () =>
    Content.Stream(
      (async function* () {
        for (let n = 1; n <= 3; n++) yield `line ${n}\n`
      })(),
      { ContentType: "text/plain; charset=utf-8" },
    ),
  Events: () =>
    Content.EventStream(
      (async function* () {
        yield { n: 1 }
        yield Content.Event({ data: { n: 2 }, id: "2" })
      })(),
      Tick,
    ),
  Upload: async (_ctx, e) =>
    Content.Text(`${e.doc.name} ${e.doc.size} ${(await e.doc.text()).length} ${e.note ?? "-"}`),
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
