import { expectTypeOf } from "expect-type"
import type { IncomingMessage, ServerResponse } from "node:http"
import { Content, Fetch, Sitelet, t } from "sitelets"
import { Middleware, NodeHandler } from "sitelets/node"

const site = Sitelet.Infer(t.union({ Home: "GET /" }), () => Content.Text("home"))
expectTypeOf(NodeHandler(site)).toEqualTypeOf<(req: IncomingMessage, res: ServerResponse) => void>()
expectTypeOf(Middleware(site, { basePath: "/app" })).toEqualTypeOf<
  (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void
>()
expectTypeOf(Fetch.Handler(site).fetch(new Request("http://x/"))).toEqualTypeOf<Promise<Response>>()
expectTypeOf(site.Handle(new Request("http://x/"))).toEqualTypeOf<Promise<Response | undefined>>()
