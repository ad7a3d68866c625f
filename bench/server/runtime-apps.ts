/**
 * The whole-server rows on Bun, Deno and workerd: sitelets' Fetch host next
 * to Hono (what users pick on those runtimes), the same endpoint as the Node
 * rows, each served by the runtime's own server (`Bun.serve`, `Deno.serve`,
 * `workerd serve` with the app as a Worker: bench/server/workerd-child.ts).
 * Runs in the runtime (bundled by bench/run.ts with everything it imports):
 * `bun runtime-child.mjs <name>` / `deno run --allow-net runtime-child.mjs <name>`,
 * with the child protocol of server-child.ts.
 */
import { Hono } from "hono"
import { Content, Fetch, Sitelet } from "sitelets"
import * as compiled from "sitelets-bench-users-table"
import { UsersApi as Api } from "./users-api.js"
import { userOf } from "./user.js"

/** The runtimes beside Node. */
export type Runtime = "bun" | "deno" | "workerd"

/** A row served in another runtime. */
export interface RuntimeApp {
  readonly name: string
  readonly note: string
  readonly runtime: Runtime
  /** The peer it is compared with (the same runtime's Hono row). */
  readonly peer: string | undefined
  readonly fetch: () => (request: Request) => Response | Promise<Response>
}

// The sitelet, with or without Router.Compile's table (written by bench/run.ts through CompileRoutes.Esbuild).
const sitelets = (table?: typeof compiled) => (): ((request: Request) => Promise<Response>) => {
  const handlers = { User: (_ctx: unknown, endpoint: { readonly id: number }) => Content.Json(userOf(endpoint.id)) }
  const handler = Fetch.Handler(
    table === undefined ? Sitelet.Infer(Api, handlers) : Sitelet.Infer(Api, handlers, { compiled: table }),
  )
  return (request) => handler.fetch(request)
}

function hono(): (request: Request) => Response | Promise<Response> {
  const app = new Hono()
  // The headers sitelets sends (`nosniff` on every answer), as on the Node rows.
  app.get("/users/:id", (c) => {
    c.header("X-Content-Type-Options", "nosniff")
    return c.json(userOf(Number(c.req.param("id"))))
  })
  return (request) => app.fetch(request)
}

/** The rows, in report order. */
export const runtimeApps: readonly RuntimeApp[] = [
  {
    name: "sitelets Fetch host on Bun",
    note: "`Fetch.Handler(site).fetch` served by `Bun.serve`",
    runtime: "bun",
    peer: "hono on Bun",
    fetch: sitelets(),
  },
  {
    name: "sitelets Fetch host + compiled table on Bun",
    note: "the same on `Router.Compile`'s table (`Sitelet.Infer(Api, handlers, { compiled })`), served by `Bun.serve`",
    runtime: "bun",
    peer: "hono on Bun",
    fetch: sitelets(compiled),
  },
  {
    name: "hono on Bun",
    note: '`app.get("/users/:id", c => { c.header("X-Content-Type-Options", "nosniff"); return c.json(…) })`, `app.fetch` served by `Bun.serve`',
    runtime: "bun",
    peer: undefined,
    fetch: hono,
  },
  {
    name: "sitelets Fetch host on Deno",
    note: "`Fetch.Handler(site).fetch` served by `Deno.serve`",
    runtime: "deno",
    peer: "hono on Deno",
    fetch: sitelets(),
  },
  {
    name: "sitelets Fetch host + compiled table on Deno",
    note: "the same on `Router.Compile`'s table (`Sitelet.Infer(Api, handlers, { compiled })`), served by `Deno.serve`",
    runtime: "deno",
    peer: "hono on Deno",
    fetch: sitelets(compiled),
  },
  {
    name: "hono on Deno",
    note: '`app.get("/users/:id", c => { c.header("X-Content-Type-Options", "nosniff"); return c.json(…) })`, `app.fetch` served by `Deno.serve`',
    runtime: "deno",
    peer: undefined,
    fetch: hono,
  },
  {
    name: "sitelets Fetch host on workerd",
    note: "`Fetch.Handler(site).fetch` as a Worker's `fetch`, served by `workerd serve`",
    runtime: "workerd",
    peer: "hono on workerd",
    fetch: sitelets(),
  },
  {
    name: "sitelets Fetch host + compiled table on workerd",
    note: "the same on `Router.Compile`'s table (`Sitelet.Infer(Api, handlers, { compiled })`), served by `workerd serve`",
    runtime: "workerd",
    peer: "hono on workerd",
    fetch: sitelets(compiled),
  },
  {
    name: "hono on workerd",
    note: '`app.get("/users/:id", c => { c.header("X-Content-Type-Options", "nosniff"); return c.json(…) })`, `app.fetch` as a Worker\'s `fetch`, served by `workerd serve`',
    runtime: "workerd",
    peer: undefined,
    fetch: hono,
  },
]
