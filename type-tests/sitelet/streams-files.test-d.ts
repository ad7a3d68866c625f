import { expectAssignable, expectError, expectType } from "tsd"
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
    expectType<UploadedFile>(e.image)
    expectType<UploadedFile | undefined>(e.extra)
    expectType<UploadedFile[]>(e.more)
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
expectError(
  Content.EventStream(
    (async function* () {
      yield { n: "one" }
    })(),
    Tick,
  ),
)

// Files: the endpoint links back; Content.File is a content.
const files = Sitelet.Files("./public", { CacheControl: (path) => (path.endsWith(".css") ? "max-age=60" : undefined) })
expectType<string>(files.Router.Link({ $: "File", path: "css/site.css" }))
expectAssignable<FileEndpoint>({ $: "File", path: "a" } as const)
expectAssignable<ContentOf>(Content.File("./report.csv", { Download: true }))

// The client: Router.Events and router.Events give decoded values.
const api = Router.Infer(Uploads)
for await (const tick of api.Events({ $: "Feed" }, Tick)) expectType<number>(tick.n)
for await (const tick of Router.Events(api, { $: "Feed" }, Tick)) expectType<number>(tick.n)
expectError(api.Events({ $: "Nope" }, Tick))
