/**
 * The site's published contract: its OpenAPI document at `/openapi.json`
 * and an interactive reference at `/api/docs`, rendered by Swagger UI from
 * the `swagger-ui-dist` package's own files (served by `Sitelet.Files`, no
 * CDN).
 */
import { createRequire } from "node:module"
import { dirname } from "node:path"
import {
  AsyncApi,
  Content,
  type Context,
  OpenApi,
  Sitelet,
  type AsyncApiDocument,
  type OpenApiDocument,
} from "../../src/index.js"
import { chat } from "./chat/serve.js"
import { exampleHostOptions } from "./host-options.js"
import { site } from "./site.js"

/**
 * The document of the example site (its one declaration, nothing written
 * twice), under the host options `npm start` serves it with: the statuses
 * those options make the host answer (403 under csrf, 405, 304) are listed.
 */
export const document: OpenApiDocument = OpenApi.Document(site, {
  info: {
    title: "sitelets example",
    version: "0.1.0",
    description:
      "The example site of sitelets: its pages, its JSON API under /api (writes behind a bearer token from POST /api/token) and its files. HEAD is answered wherever GET is, without a body. The same API is served to AI agents as MCP tools at /mcp (POST, JSON-RPC over Streamable HTTP; docs/mcp.md).",
    license: { name: "MIT", identifier: "MIT" },
    contact: { name: "sitelets", url: "https://github.com/sitelets/sitelets" },
  },
  host: exampleHostOptions(() => undefined),
  tags: {
    Home: "The home page",
    blog: "The blog's pages",
    search: "Searching the articles",
    contact: "The contact form",
    admin: "The admin area (logged-in users)",
    api: "The JSON API",
    account: "Logging in and out, and the account page",
    "feed.json": "The public JSON feed, readable from other origins (CORS)",
    static: "The site's files",
  },
})

// Where a client found the documents: the origin of the request for them (the same server, whichever port or name
// it was reached by), so a generated client needs no base URL of its own.
const servedAt = (ctx: Pick<Context<never>, "Origin">) => ctx.Origin ?? "http://localhost:8080"

const swaggerFiles = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"))
const assets = Sitelet.Shift("api/docs/assets", Sitelet.Files(swaggerFiles, { CacheControl: "public, max-age=3600" }))
const asset = (path: string) => assets.Router.Link({ $: "File", path })

const reference = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>sitelets example · API reference</title>
<link rel="stylesheet" href="${asset("swagger-ui.css")}"></head>
<body><div id="reference"></div>
<script src="${asset("swagger-ui-bundle.js")}"></script>
<script>window.reference = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#reference", displayOperationId: true })</script>
</body></html>`

/** The AsyncAPI document of the site's WebSocket channels: the chat room's. */
export const asyncApiDocument: AsyncApiDocument = AsyncApi.Document(chat(), {
  info: {
    title: "sitelets example: realtime",
    version: "0.1.0",
    description: "The example site's chat rooms: one WebSocket per room, JSON messages each way.",
    license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
  },
})

/** `/openapi.json`, `/asyncapi.json`, `/api/docs` and Swagger UI's files under `/api/docs/assets`. */
export const apiDocs = Sitelet.Sum(
  Sitelet.Content("/openapi.json", { $: "OpenApi" as const }, (ctx) =>
    Content.Json({ ...document, servers: [{ url: servedAt(ctx), description: "This server" }] }),
  ),
  Sitelet.Content("/asyncapi.json", { $: "AsyncApi" as const }, (ctx) => {
    const origin = new URL(servedAt(ctx))
    const protocol = origin.protocol === "https:" ? "wss" : "ws"
    return Content.Json({
      ...asyncApiDocument,
      servers: { here: { host: origin.host, protocol, description: "This server" } },
    })
  }),
  Sitelet.Content("/api/docs", { $: "ApiDocs" as const }, () =>
    Content.Custom({ Headers: { "Content-Type": "text/html; charset=utf-8" }, Body: reference }),
  ),
  assets,
)
