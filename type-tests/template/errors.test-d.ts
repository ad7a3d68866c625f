/**
 * Every compile-error sentence, at the call site: `t.union` and `t.case`
 * reject a bad template with our sentence as the expected type. The exact
 * sentences are checked row by row in fixtures.test-d.ts; here each error kind
 * is shown failing where a user writes it.
 */
import { expectError, expectType } from "tsd"
import { Json, t, type ValidateTemplate } from "sitelets"

const Post = t.record({ title: t.string })

expectError(t.union({ A: "/a/<id:integer>" }))
expectError(t.union({ A: "/a/<id" }))
expectError(t.union({ A: "/a/id-<id>" }))
expectError(t.union({ A: "/a/<:int>" }))
expectError(t.union({ A: "/a/<id>/<id:int>" }))
expectError(t.union({ A: "/a/<...rest>/b" }))
expectError(t.union({ A: "/a/<...n:int>" }))
expectError(t.union({ A: "/a/<x:int?>/<y>" }))
expectError(t.union({ A: "/a?q=<q>&q=<r>" }))
expectError(t.union({ A: "/a?q" }))
expectError(t.union({ A: "article/<id>" }))
expectError(t.union({ A: "/a//b" }))
expectError(t.union({ A: "FETCH /a" }))
expectError(t.union({ A: "/d/<d:datetime(today)>" }))
expectError(t.case("/a/<id:integer>"))
expectError(t.case("/a/<post>", { post: Json(Post) }))
expectError(t.case("/a/<id:int>", { id: t.int }))

// The error carries the sentence itself: the parameter's type is the sentence.
// @ts-expect-error Unknown parameter type 'integer' in '<id:integer>' (expected int | float | string | bool | bigint | datetime)
t.union({ Home: "GET /", Article: "GET /article/<id:integer>" })
expectType<"Unknown parameter type 'integer' in '<id:integer>' (expected int | float | string | bool | bigint | datetime)">(
  {} as ValidateTemplate<"GET /article/<id:integer>", {}>,
)
expectType<"Duplicate field name 'post' (each hole and extra field needs its own name)">(
  {} as ValidateTemplate<"/a/<post>", { post: ReturnType<typeof Json<typeof Post>> }>,
)

// A valid template validates to itself, so inference keeps the literal.
expectType<"GET /article/<id:int>">({} as ValidateTemplate<"GET /article/<id:int>", {}>)
