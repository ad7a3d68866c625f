/**
 * The whole-server rows on Bun, Deno and workerd: sitelets' Fetch host next
 * to the peers users pick there (Elysia and Hono on Bun, Hono on Deno and
 * workerd) and each runtime's floor (a bare `Bun.serve` with `routes`, a
 * bare `Deno.serve`), the same endpoints as the Node rows, each served by the
 * runtime's own server (`Bun.serve`, `Deno.serve`, `workerd serve` with the
 * app as a Worker: bench/server/workerd-child.ts).
 * Runs in the runtime (bundled by bench/run.ts with everything it imports):
 * `bun runtime-child.mjs <name>` / `deno run --allow-net runtime-child.mjs <name>`,
 * with the child protocol of server-child.ts.
 */
import { Hono } from "hono"
import { Content, Fetch, Sitelet } from "sitelets"
import * as compiled from "sitelets-bench-users-table"
import { UsersApi as Api } from "./users-api.js"
import { helloText, userOf } from "./user.js"

/** The runtimes beside Node. */
export type Runtime = "bun" | "deno" | "workerd"

/** A row served in another runtime. */
export interface RuntimeApp {
  readonly name: string
  readonly note: string
  readonly runtime: Runtime
  /** The peer it is compared with (the same runtime's Hono row). */
  readonly peer: string | undefined
  /** The handler the child serves with the runtime's server; or `listen`, for a row that starts its own. */
  readonly fetch?: () => (request: Request) => Response | Promise<Response>
  /** Starts the row's own server on 127.0.0.1, port 0, and gives its port (Bun and Deno only). */
  readonly listen?: () => Promise<number> | number
}

// The sitelet, with or without Router.Compile's table (written by bench/run.ts through CompileRoutes.Esbuild).
const sitelets = (table?: typeof compiled) => (): ((request: Request) => Promise<Response>) => {
  const handlers = {
    User: (_ctx: unknown, endpoint: { readonly id: number }) => Content.Json(userOf(endpoint.id)),
    Hello: () => Content.Text(helloText),
  }
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
  app.get("/hello", (c) => {
    c.header("X-Content-Type-Options", "nosniff")
    return c.text(helloText)
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
    name: "elysia on Bun",
    note: '`new Elysia().get("/users/:id", ({ params, set }) => { set.headers[…] = "nosniff"; return user }).listen(…)`: its own `Bun.serve` routes',
    runtime: "bun",
    peer: undefined,
    listen: async () => (await import("./own-servers.js")).elysia(),
  },
  {
    name: "Bun.serve (bare)",
    note: '`Bun.serve({ routes: { "/users/:id": (req) => new Response(JSON.stringify(…), { headers }) } })`: the runtime\'s floor',
    runtime: "bun",
    peer: undefined,
    listen: async () => (await import("./own-servers.js")).bareBun(),
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
    name: "Deno.serve (bare)",
    note: "`Deno.serve` with a hand-written handler (`===`, `startsWith`, `JSON.stringify`): the runtime's floor",
    runtime: "deno",
    peer: undefined,
    listen: async () => (await import("./own-servers.js")).bareDeno(),
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
