import { expectType } from "tsd"
import type { IncomingMessage, ServerResponse } from "node:http"
import { Content, Fetch, Sitelet, t } from "sitelets"
import { Middleware, NodeHandler } from "sitelets/node"

const site = Sitelet.Infer(t.union({ Home: "GET /" }), () => Content.Text("home"))
expectType<(req: IncomingMessage, res: ServerResponse) => void>(NodeHandler(site))
expectType<(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void>(
  Middleware(site, { basePath: "/app" }),
)
expectType<Promise<Response>>(Fetch.Handler(site).fetch(new Request("http://x/")))
expectType<Promise<Response | undefined>>(site.Handle(new Request("http://x/")))
