import { expectTypeOf } from "expect-type"
import {
  Content,
  FormData,
  Sitelet,
  t,
  type Content as ContentOf,
  type FileEndpoint,
  type UploadedFile,
} from "sitelets"
import { Router } from "sitelets/client"

const Tick = t.record({ n: t.int })

// t.file fields: a File for one, optional for t.option, an array for t.list.
const Uploads = t.union({
  Avatar: t.case("POST /avatar", {
    image: FormData(t.file({ MaxBytes: 1000 })),
    extra: FormData(t.option(t.file)),
    more: FormData(t.list(t.file)),
  }),
  Feed: "GET /feed",
})
Sitelet.Infer(Uploads, {
  Avatar: (_ctx, e) => {
    expectTypeOf(e.image).toEqualTypeOf<UploadedFile>()
    expectTypeOf(e.extra).toEqualTypeOf<UploadedFile | undefined>()
    expectTypeOf(e.more).toEqualTypeOf<UploadedFile[]>()
    return Content.Stream(
      (async function* () {
        yield "text"
        yield new Uint8Array(1)
      })(),
      { ContentType: "text/plain" },
    )
  },
  // The descriptor types the events: a wrong item is a compile error.
  Feed: () =>
    Content.EventStream(
      (async function* () {
        yield { n: 1 }
        yield Content.Event({ data: { n: 2 }, id: "2" })
      })(),
      Tick,
    ),
})
const wrongEvents = (async function* () {
  yield { n: "one" }
})()
// @ts-expect-error an event of another shape than the descriptor's (one line: 5.9 reports the events, 7 the descriptor)
Content.EventStream(wrongEvents, Tick)

// Files: the endpoint links back; Content.File is a content.
const files = Sitelet.Files("./public", { CacheControl: (path) => (path.endsWith(".css") ? "max-age=60" : undefined) })
expectTypeOf(files.Router.Link({ $: "File", path: "css/site.css" })).toEqualTypeOf<string>()
expectTypeOf({ $: "File", path: "a" } as const).toExtend<FileEndpoint>()
expectTypeOf(Content.File("./report.csv", { Download: true })).toExtend<ContentOf>()

// The client: Router.Events and router.Events give decoded values.
const api = Router.Infer(Uploads)
for await (const tick of api.Events({ $: "Feed" }, Tick)) expectTypeOf(tick.n).toEqualTypeOf<number>()
for await (const tick of Router.Events(api, { $: "Feed" }, Tick)) expectTypeOf(tick.n).toEqualTypeOf<number>()
// @ts-expect-error
api.Events({ $: "Nope" }, Tick)
