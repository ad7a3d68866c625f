/**
 * The servers of the whole-server benchmark. Each serves one parametric
 * JSON endpoint, `GET /users/<id:int>` → `{"id":42,"name":"user 42","active":true}`,
 * one static text endpoint, `GET /hello` → `hello`, and 404 elsewhere, with
 * the headers sitelets sends; each starts on 127.0.0.1, port 0, in its own
 * process.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { serve } from "@hono/node-server"
import express from "express"
import fastify from "fastify"
import { Hono } from "hono"
import { Auth, Content, Fetch, Sitelet } from "sitelets"
import { NodeHandler } from "sitelets/node"
import * as compiled from "sitelets-bench-users-table"
import { UsersApi as Api } from "./users-api.js"

import { benchSecret } from "./token.js"
import { helloText, userOf } from "./user.js"

export { helloText, userOf } from "./user.js"

/** A running server: its port and how to stop it. */
export interface Running {
  readonly port: number
  readonly close: () => Promise<void>
}

const host = "127.0.0.1"

/** Starts a node:http server on 127.0.0.1, port 0 (shared with the compression benchmark's servers). */
export function listen(server: Server): Promise<Running> {
  return new Promise((resolve) => {
    server.listen(0, host, () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    )
  })
}

const handlers = {
  User: (_ctx: unknown, endpoint: { readonly id: number }) => Content.Json(userOf(endpoint.id)),
  Hello: () => Content.Text(helloText),
}
const site = Sitelet.Infer(Api, handlers)
// The same sitelet on Router.Compile's table for Api (written by bench/run.ts through CompileRoutes.Esbuild).
const compiledSite = Sitelet.Infer(Api, handlers, { compiled })

function rawNode(): Promise<Running> {
  return listen(
    createServer((req, res) => {
      const url = req.url ?? "/"
      if (req.method === "GET" && url === "/hello") {
        res.writeHead(200, {
          "content-type": "text/plain; charset=utf-8",
          "x-content-type-options": "nosniff",
          "content-length": helloText.length,
        })
        res.end(helloText)
        return
      }
      const id = req.method === "GET" && url.startsWith("/users/") ? Number(url.slice(7)) : Number.NaN
      if (Number.isSafeInteger(id)) {
        const body = JSON.stringify(userOf(id))
        res.writeHead(200, {
          "content-type": "application/json; charset=utf-8",
          "x-content-type-options": "nosniff",
          "content-length": Buffer.byteLength(body),
        })
        res.end(body)
      } else {
        res.writeHead(404, { "content-length": 0 })
        res.end()
      }
    }),
  )
}

function honoServer(fetch: (request: Request) => Promise<Response> | Response): Promise<Running> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: host }, (info) =>
      resolve({
        port: info.port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    )
  })
}

async function fastifyServer(): Promise<Running> {
  const app = fastify({ logger: false })
  // Synchronous, like every other server here (an `async` handler adds a promise per request).
  app.get<{ Params: { id: string } }>("/users/:id", (request, reply) => {
    reply.header("x-content-type-options", "nosniff")
    reply.send(userOf(Number(request.params.id)))
  })
  app.get("/hello", (_request, reply) => {
    reply.header("x-content-type-options", "nosniff")
    reply.type("text/plain; charset=utf-8")
    reply.send(helloText)
  })
  await app.listen({ port: 0, host })
  return { port: (app.server.address() as AddressInfo).port, close: () => app.close() }
}

function honoApp(): Promise<Running> {
  const app = new Hono()
  app.get("/users/:id", (c) => {
    c.header("X-Content-Type-Options", "nosniff")
    return c.json(userOf(Number(c.req.param("id"))))
  })
  app.get("/hello", (c) => {
    c.header("X-Content-Type-Options", "nosniff")
    return c.text(helloText)
  })
  return honoServer(app.fetch)
}

function expressServer(): Promise<Running> {
  const app = express()
  app.get("/users/:id", (req, res) => {
    res.set("X-Content-Type-Options", "nosniff")
    res.json(userOf(Number(req.params.id)))
  })
  app.get("/hello", (_req, res) => {
    res.set("X-Content-Type-Options", "nosniff")
    res.type("text/plain; charset=utf-8").send(helloText)
  })
  return listen(createServer(app))
}

/** The Node servers by name, in report order; `note` says what exactly runs. */
export const apps: ReadonlyArray<{
  readonly name: string
  readonly note: string
  readonly start: () => Promise<Running>
}> = [
  {
    name: "node:http (raw)",
    note: "hand-written `createServer` handler: `===` for `/hello`, `startsWith` + `Number` + `JSON.stringify` for a user, the headers sitelets sends written by hand (the ceiling)",
    start: rawNode,
  },
  {
    name: "sitelets node host",
    note: '`NodeHandler(Sitelet.Infer(t.union({ User: "GET /users/<id:int>", Hello: "GET /hello" }), …))` from `sitelets/node`',
    start: () => listen(createServer(NodeHandler(site))),
  },
  {
    name: "sitelets node host + compiled table",
    note: "the same sitelet on `Router.Compile`'s table (`Sitelet.Infer(Api, handlers, { compiled })`): routed on the raw target, the request view parsed on first read",
    start: () => listen(createServer(NodeHandler(compiledSite))),
  },
  {
    name: "sitelets node host + observe",
    note: "the same, with a no-op `observe` hook: the record of every request (clock, request id, endpoint, bytes) is made",
    start: () => listen(createServer(NodeHandler(site, { observe: () => undefined }))),
  },
  {
    name: "sitelets node host + etag",
    note: "the same, with `etag: true`: a SHA-1 of every 43-byte answer (node:crypto) and the `If-None-Match` check",
    start: () => listen(createServer(NodeHandler(site, { etag: true }))),
  },
  {
    name: "sitelets node host + guard",
    note: "the same behind a no-op `Sitelet.Guard` (it returns `undefined`: the request goes through)",
    start: () => listen(createServer(NodeHandler(Sitelet.Guard(() => undefined, site)))),
  },
  {
    name: "sitelets node host + bearer token",
    note: "the same behind `Sitelet.Protect` with `Auth.Bearer()`: the token (sent by the load generator) verified on every request (HMAC-SHA256, WebCrypto)",
    start: () =>
      listen(
        createServer(
          NodeHandler(Sitelet.Protect({ VerifyUser: () => true, Credentials: [Auth.Bearer()] }, site), {
            session: { secret: benchSecret },
          }),
        ),
      ),
  },
  {
    name: "sitelets Fetch host",
    note: "`Fetch.Handler(site).fetch` served by @hono/node-server's `serve`",
    start: () => honoServer(Fetch.Handler(site).fetch),
  },
  {
    name: "sitelets Fetch host + compiled table",
    note: "`Fetch.Handler(site).fetch` on the compiled table, served by @hono/node-server's `serve`",
    start: () => honoServer(Fetch.Handler(compiledSite).fetch),
  },
  {
    name: "fastify",
    note: '`app.get("/users/:id", (req, reply) => { reply.header("x-content-type-options", "nosniff"); reply.send(…) })` (synchronous, no response schema)',
    start: fastifyServer,
  },
  {
    name: "hono",
    note: '`app.get("/users/:id", c => { c.header("X-Content-Type-Options", "nosniff"); return c.json(…) })` on @hono/node-server',
    start: honoApp,
  },
  {
    name: "express",
    note: '`app.get("/users/:id", (req, res) => { res.set("X-Content-Type-Options", "nosniff"); res.json(…) })`',
    start: expressServer,
  },
]
