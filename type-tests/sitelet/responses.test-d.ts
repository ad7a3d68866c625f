import { expectError, expectType } from "tsd"
import {
  Content,
  EndPoint,
  Http,
  Responds,
  Returns,
  Sitelet,
  t,
  type Infer,
  type JsonContent,
  type NoResponses,
  type ResponsesOf,
} from "sitelets"
import { FetchError, Router } from "sitelets/client"

const User = t.record({ id: t.int, name: t.string, since: t.bigint })
type User = Infer<typeof User>
const Problem = t.union({ Missing: t.case({ id: t.int }), Gone: t.case({}) })
type Problem = Infer<typeof Problem>

const Api = t.union({
  Home: "GET /",
  GetUser: t.case("GET /users/<id:int>", {}, Responds({ 200: User, 404: Problem })),
  Count: t.case({ n: t.int }, EndPoint("GET /count"), Returns(t.list(t.bigint))),
})

// The declarations are in the descriptor's type, by case; a union without any has NoResponses.
expectType<{ readonly 200: typeof User; readonly 404: typeof Problem }>(
  null as unknown as NonNullable<ResponsesOf<typeof Api>["GetUser"]>,
)
expectType<undefined>(null as unknown as ResponsesOf<typeof Api>["Home"])
expectType<NoResponses>(null as unknown as ResponsesOf<ReturnType<typeof t.union<{ A: "GET /a" }>>>)

// Content.Json carries its value and status; SetStatus and WithHeaders keep the value.
expectType<JsonContent<{ id: number }, 200>>(Content.Json({ id: 1 }))
expectType<JsonContent<User, 200>>(Content.Json({ id: 1, name: "a", since: 1n }, User))
expectType<JsonContent<{ id: number }, 404>>(Content.SetStatus(Http.Status.NotFound, Content.Json({ id: 1 })))
expectType<JsonContent<{ id: number }, 422>>(Content.SetStatus(Http.Status.Custom(422), Content.Json({ id: 1 })))
expectType<JsonContent<number, 200>>(Content.WithHeaders(Content.Json(1), { "X-A": "b" }))
expectType<JsonContent<Problem, 404>>(Content.SetStatus(Http.Status.NotFound, Content.Json({ $: "Gone" }, Problem)))

// Each declared case's handler is checked: shape and status; other contents stay allowed.
Sitelet.Infer(Api, {
  Home: () => Content.Json({ anything: true }),
  GetUser: (_ctx, e) =>
    e.id === 0
      ? Content.SetStatus(Http.Status.NotFound, Content.Json({ $: "Missing" as const, id: e.id }))
      : Content.Json({ id: e.id, name: "Ada", since: 1n }),
  Count: async (_ctx, e) => (e.n < 0 ? Content.BadRequest("negative") : Content.Json([BigInt(e.n)])),
})
Sitelet.Infer(Api, {
  Home: () => Content.Text(""),
  GetUser: () => Content.SetStatus(Http.Status.NotFound, Content.Json({ $: "Gone" }, Problem)),
  Count: () => Content.RedirectTemporary({ $: "Home" }),
})
Sitelet.Infer(Api, {
  Home: () => Content.File("./index.html"),
  GetUser: (_ctx, e) => Content.WithETag(Content.Json({ id: e.id, name: "Ada", since: 1n }), '"v1"'),
  Count: () => Content.WithLastModified(Content.Json([1n]), new Date(0)),
})
expectType<JsonContent<bigint[], 200>>(Content.WithLastModified(Content.Json([1n]), new Date(0)))
// A misspelt field of the declared answer.
expectError(
  Sitelet.Infer(Api, {
    Home: () => Content.Text(""),
    GetUser: (_ctx, e) => Content.Json({ id: e.id, nam: "Ada", since: 1n }),
    Count: () => Content.Text(""),
  }),
)
// The right shape with an undeclared status.
expectError(
  Sitelet.Infer(Api, {
    Home: () => Content.Text(""),
    GetUser: (_ctx, e) => Content.SetStatus(Http.Status.Created, Content.Json({ id: e.id, name: "Ada", since: 1n })),
    Count: () => Content.Text(""),
  }),
)
// An async handler answering the wrong type.
expectError(
  Sitelet.Infer(Api, {
    Home: () => Content.Text(""),
    GetUser: () => Content.Text(""),
    Count: async () => Content.Json(["1"]),
  }),
)
// Declared answers leave the one-function form as it was.
Sitelet.Infer(Api, (_ctx, e) => Content.Json(e))

// A template case declares its answers after its extra fields.
const Posts = t.union({
  Create: t.case("POST /posts/<blog:int>", { title: t.string }, Returns(t.record({ id: t.int }))),
})
Sitelet.Infer(Posts, { Create: () => Content.Json({ id: 1 }) })
expectError(Sitelet.Infer(Posts, { Create: () => Content.Json({ id: "1" }) }))

// The client decodes declared answers: the 2xx values of the case, else the Response.
const api = Router.Infer(Api)
expectType<Promise<User>>(Router.Fetch(api, { $: "GetUser", id: 1 }))
expectType<Promise<bigint[]>>(Router.Fetch(api, { $: "Count", n: 2 }))
expectType<Promise<Response>>(Router.Fetch(api, { $: "Home" }))
expectType<Promise<User>>(api.Fetch({ $: "GetUser", id: 1 }))
expectType<Promise<{ id: number }>>(Router.Fetch(api, { $: "Home" }, { response: t.record({ id: t.int }) }))
declare const either: { $: "GetUser"; id: number } | { $: "Home" }
expectType<Promise<User | Response>>(Router.Fetch(api, either))
expectError(Router.Fetch(api, { $: "Nope" }))
expectType<unknown>(new FetchError("x", new Response()).value)
