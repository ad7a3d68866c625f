import { expectTypeOf } from "expect-type"
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
expectTypeOf(null as unknown as NonNullable<ResponsesOf<typeof Api>["GetUser"]>).toEqualTypeOf<{
  readonly 200: typeof User
  readonly 404: typeof Problem
}>()
expectTypeOf(null as unknown as ResponsesOf<typeof Api>["Home"]).toEqualTypeOf<undefined>()
expectTypeOf(null as unknown as ResponsesOf<ReturnType<typeof t.union<{ A: "GET /a" }>>>).toEqualTypeOf<NoResponses>()

// Content.Json carries its value and status; SetStatus and WithHeaders keep the value.
expectTypeOf(Content.Json({ id: 1 })).toEqualTypeOf<JsonContent<{ id: number }, 200>>()
expectTypeOf(Content.Json({ id: 1, name: "a", since: 1n }, User)).toEqualTypeOf<JsonContent<User, 200>>()
expectTypeOf(Content.SetStatus(Http.Status.NotFound, Content.Json({ id: 1 }))).toEqualTypeOf<
  JsonContent<{ id: number }, 404>
>()
expectTypeOf(Content.SetStatus(Http.Status.Custom(422), Content.Json({ id: 1 }))).toEqualTypeOf<
  JsonContent<{ id: number }, 422>
>()
expectTypeOf(Content.WithHeaders(Content.Json(1), { "X-A": "b" })).toEqualTypeOf<JsonContent<number, 200>>()
expectTypeOf(Content.SetStatus(Http.Status.NotFound, Content.Json({ $: "Gone" }, Problem))).toEqualTypeOf<
  JsonContent<Problem, 404>
>()

// A status may be its code alone (issue 35), checked against the declaration as a named one is.
expectTypeOf(Content.SetStatus(201, Content.Json({ id: 1 }))).toEqualTypeOf<JsonContent<{ id: number }, 201>>()
expectTypeOf(Content.Custom({ Status: 202, Body: "later" })).toEqualTypeOf<ReturnType<typeof Content.Custom>>()
Sitelet.Infer(Api, {
  Home: () => Content.Text(""),
  GetUser: () => Content.SetStatus(404, Content.Json({ $: "Gone" }, Problem)),
  Count: () => Content.Text(""),
})
Sitelet.Infer(Api, {
  Home: () => Content.Text(""),
  // @ts-expect-error at the case: 201 is not declared, however it is written
  GetUser: (_ctx, e) => Content.SetStatus(201, Content.Json({ id: e.id, name: "Ada", since: 1n })),
  Count: () => Content.Text(""),
})
const code: number = 200
expectTypeOf(Content.SetStatus(code, Content.Json(1))).toEqualTypeOf<JsonContent<number, number>>()

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
expectTypeOf(Content.WithLastModified(Content.Json([1n]), new Date(0))).toEqualTypeOf<JsonContent<bigint[], 200>>()
// A misspelt field of the declared answer.
Sitelet.Infer(Api, {
  Home: () => Content.Text(""),
  // @ts-expect-error at the case: 'name' is missing
  GetUser: (_ctx, e) => Content.Json({ id: e.id, nam: "Ada", since: 1n }),
  Count: () => Content.Text(""),
})
// The right shape with an undeclared status.
Sitelet.Infer(Api, {
  Home: () => Content.Text(""),
  // @ts-expect-error at the case: 201 is not declared
  GetUser: (_ctx, e) => Content.SetStatus(Http.Status.Created, Content.Json({ id: e.id, name: "Ada", since: 1n })),
  Count: () => Content.Text(""),
})
// An async handler answering the wrong type.
Sitelet.Infer(Api, {
  Home: () => Content.Text(""),
  GetUser: () => Content.Text(""),
  // @ts-expect-error at the case: strings where bigints are declared
  Count: async () => Content.Json(["1"]),
})
// Declared answers leave the one-function form as it was.
Sitelet.Infer(Api, (_ctx, e) => Content.Json(e))

// A template case declares its answers after its extra fields.
const Posts = t.union({
  Create: t.case("POST /posts/<blog:int>", { title: t.string }, Returns(t.record({ id: t.int }))),
})
Sitelet.Infer(Posts, { Create: () => Content.Json({ id: 1 }) })
// @ts-expect-error
Sitelet.Infer(Posts, { Create: () => Content.Json({ id: "1" }) })

// The client decodes declared answers: the 2xx values of the case, else the Response.
const api = Router.Infer(Api)
expectTypeOf(Router.Fetch(api, { $: "GetUser", id: 1 })).toEqualTypeOf<Promise<User>>()
expectTypeOf(Router.Fetch(api, { $: "Count", n: 2 })).toEqualTypeOf<Promise<bigint[]>>()
expectTypeOf(Router.Fetch(api, { $: "Home" })).toEqualTypeOf<Promise<Response>>()
expectTypeOf(api.Fetch({ $: "GetUser", id: 1 })).toEqualTypeOf<Promise<User>>()
expectTypeOf(Router.Fetch(api, { $: "Home" }, { response: t.record({ id: t.int }) })).toEqualTypeOf<
  Promise<{ id: number }>
>()
declare const either: { $: "GetUser"; id: number } | { $: "Home" }
expectTypeOf(Router.Fetch(api, either)).toEqualTypeOf<Promise<User | Response>>()
// @ts-expect-error
Router.Fetch(api, { $: "Nope" })
expectTypeOf(new FetchError("x", new Response()).value).toEqualTypeOf<unknown>()
