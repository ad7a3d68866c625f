/**
 * The servers of the compression benchmark: each serves `GET /articles`, a
 * JSON list of 100 articles (about 10 KB), plain and with its framework's
 * compression (gzip, as every client here asks for it). The difference in
 * server CPU per request between the two rows of a framework is what its
 * compression costs.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import fastifyCompress from "@fastify/compress"
import { serve } from "@hono/node-server"
import fastify from "fastify"
import { Hono } from "hono"
import { compress } from "hono/compress"
import { Content, Sitelet, t } from "sitelets"
import { NodeHandler } from "sitelets/node"
import { listen, type Running } from "./apps.js"

/** The answer every server gives. */
export const articles = Array.from({ length: 100 }, (_, id) => ({
  id,
  slug: `article-${id}`,
  title: `Article number ${id}: typed, bidirectional routing`,
  tags: ["routing", "typescript", "http"],
  published: "2026-11-25",
}))

const host = "127.0.0.1"

const site = Sitelet.Infer(t.union({ Articles: "GET /articles" }), { Articles: () => Content.Json(articles) })

async function fastifyServer(compressed: boolean): Promise<Running> {
  const app = fastify({ logger: false })
  if (compressed) await app.register(fastifyCompress, { encodings: ["gzip"] })
  app.get("/articles", (_request, reply) => {
    reply.send(articles)
  })
  await app.listen({ port: 0, host })
  return { port: (app.server.address() as AddressInfo).port, close: () => app.close() }
}

function honoServer(compressed: boolean): Promise<Running> {
  const app = new Hono()
  if (compressed) app.use(compress({ encoding: "gzip" }))
  app.get("/articles", (c) => c.json(articles))
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: host }, (info) =>
      resolve({ port: info.port, close: () => new Promise<void>((done) => server.close(() => done())) }),
    )
  })
}

/** The compression benchmark's servers, in report order: each framework plain, then compressing. */
export const compressionApps: ReadonlyArray<{
  readonly name: string
  readonly note: string
  readonly start: () => Promise<Running>
}> = [
  { name: "sitelets node host", note: "`NodeHandler(site)`", start: () => listen(createServer(NodeHandler(site))) },
  {
    name: "sitelets node host + compress",
    note: '`NodeHandler(site, { compress: { encodings: ["gzip"] } })`: node:zlib `gzipSync` (bodies up to 16 KB)',
    start: () => listen(createServer(NodeHandler(site, { compress: { encodings: ["gzip"] } }))),
  },
  { name: "fastify", note: "`reply.send(articles)`", start: () => fastifyServer(false) },
  {
    name: "fastify + @fastify/compress",
    note: '`app.register(fastifyCompress, { encodings: ["gzip"] })`: a zlib stream per response',
    start: () => fastifyServer(true),
  },
  { name: "hono", note: "`c.json(articles)` on @hono/node-server", start: () => honoServer(false) },
  {
    name: "hono + compress()",
    note: '`app.use(compress({ encoding: "gzip" }))`: a `CompressionStream` per response',
    start: () => honoServer(true),
  },
]
