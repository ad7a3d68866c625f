/**
 * Every compile-error sentence, at the call site: `t.union` and `t.case`
 * reject a bad template with our sentence as the expected type. The exact
 * sentences are checked row by row in fixtures.test-d.ts; here each error kind
 * is shown failing where a user writes it.
 */
import { expectTypeOf } from "expect-type"
import { Json, t, type ValidateTemplate } from "sitelets"

const Post = t.record({ title: t.string })

// @ts-expect-error
t.union({ A: "/a/<id:integer>" })
// @ts-expect-error
t.union({ A: "/a/<id" })
// @ts-expect-error
t.union({ A: "/a/id-<id>" })
// @ts-expect-error
t.union({ A: "/a/<:int>" })
// @ts-expect-error
t.union({ A: "/a/<id>/<id:int>" })
// @ts-expect-error
t.union({ A: "/a/<...rest>/b" })
// @ts-expect-error
t.union({ A: "/a/<...n:int>" })
// @ts-expect-error
t.union({ A: "/a/<x:int?>/<y>" })
// @ts-expect-error
t.union({ A: "/a?q=<q>&q=<r>" })
// @ts-expect-error
t.union({ A: "/a?q" })
// @ts-expect-error
t.union({ A: "article/<id>" })
// @ts-expect-error
t.union({ A: "/a//b" })
// @ts-expect-error
t.union({ A: "FETCH /a" })
// @ts-expect-error
t.union({ A: "/d/<d:datetime(today)>" })
// @ts-expect-error
t.case("/a/<id:integer>")
// @ts-expect-error
t.case("/a/<post>", { post: Json(Post) })
// @ts-expect-error
t.case("/a/<id:int>", { id: t.int })

// The error carries the sentence itself: the parameter's type is the sentence.
// @ts-expect-error Unknown parameter type 'integer' in '<id:integer>' (expected int | float | string | bool | bigint | datetime)
t.union({ Home: "GET /", Article: "GET /article/<id:integer>" })
expectTypeOf(
  {} as ValidateTemplate<"GET /article/<id:integer>", {}>,
).toEqualTypeOf<"Unknown parameter type 'integer' in '<id:integer>' (expected int | float | string | bool | bigint | datetime)">()
expectTypeOf(
  {} as ValidateTemplate<"/a/<post>", { post: ReturnType<typeof Json<typeof Post>> }>,
).toEqualTypeOf<"Duplicate field name 'post' (each hole and extra field needs its own name)">()

// A valid template validates to itself, so inference keeps the literal.
expectTypeOf({} as ValidateTemplate<"GET /article/<id:int>", {}>).toEqualTypeOf<"GET /article/<id:int>">()
