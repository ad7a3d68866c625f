// Inside an Express app, mounted at /app; what the site does not accept goes on to the next handler.
import express from "express"
import { Middleware } from "sitelets/node"
import { secretsFrom, site } from "./site.js"

const app = express()
app.use("/app", Middleware(site, { session: { secret: secretsFrom(process.env) } }))
app.get("/health", (_req, res) => {
  res.send("ok")
})
const server = app.listen(Number(process.env.PORT ?? 8080), process.env.HOST ?? "127.0.0.1", () => {
  console.log(
    `listening on http://${process.env.HOST ?? "127.0.0.1"}:${(server.address() as { port: number }).port}/app`,
  )
})
