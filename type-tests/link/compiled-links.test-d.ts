import { expectTypeOf } from "expect-type"
import { type Infer, t } from "sitelets"
import { CompiledLinks, type CompiledLinkModule, type LinkRouter, Router } from "sitelets/link"

declare const compiled: CompiledLinkModule
const Pages = t.union({ Home: "GET /", Post: "GET /blog/<id:int>/<slug>" })
type Pages = Infer<typeof Pages>

// Typed by the declaration it was compiled from, as Router.Infer's links are.
const pages = CompiledLinks<Pages>(compiled)
expectTypeOf(pages).toEqualTypeOf<LinkRouter<Pages>>()
expectTypeOf(pages.Link({ $: "Post", id: 3, slug: "x" })).toEqualTypeOf<string>()
// @ts-expect-error: an id is a number
pages.Link({ $: "Post", id: "3", slug: "x" })
// @ts-expect-error: no such case
pages.Link({ $: "Nope" })
// It composes as any link router does.
expectTypeOf(Router.Shift("app", pages)).toEqualTypeOf<LinkRouter<Pages>>()
