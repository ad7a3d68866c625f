import { expectTypeOf } from "expect-type"
import type { IncomingMessage, ServerResponse } from "node:http"
import type { Duplex } from "node:stream"
import { Content, Fetch, Sitelet, t } from "sitelets"
import { Middleware, NodeHandler } from "sitelets/node"

const site = Sitelet.Infer(t.union({ Home: "GET /" }), () => Content.Text("home"))
// Request listeners as node:http and Connect take them, with the server's `upgrade` listener beside.
expectTypeOf(NodeHandler(site)).toExtend<(req: IncomingMessage, res: ServerResponse) => void>()
expectTypeOf(NodeHandler(site).upgrade).toEqualTypeOf<(req: IncomingMessage, socket: Duplex, head: Buffer) => void>()
expectTypeOf(Middleware(site, { basePath: "/app" })).toExtend<
  (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void
>()
expectTypeOf(Middleware(site).upgrade).toEqualTypeOf<(req: IncomingMessage, socket: Duplex, head: Buffer) => void>()
expectTypeOf(Fetch.Handler(site).fetch(new Request("http://x/"))).toEqualTypeOf<Promise<Response>>()
expectTypeOf(site.Handle(new Request("http://x/"))).toEqualTypeOf<Promise<Response | undefined>>()
