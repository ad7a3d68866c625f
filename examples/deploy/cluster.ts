// One node:http server per core, sharing one port: sessions are signed cookies, so any worker serves any user.
import cluster from "node:cluster"
import { createServer } from "node:http"
import { availableParallelism } from "node:os"
import { NodeHandler } from "sitelets/node"
import { secretsFrom, site } from "./site.js"

if (cluster.isPrimary) {
  const workers = Number(process.env.WORKERS ?? availableParallelism())
  for (let i = 0; i < workers; i++) cluster.fork()
  cluster.on("exit", (worker, code) => console.log(`worker ${worker.process.pid} exited (${code})`))
} else {
  const server = createServer(NodeHandler(site, { session: { secret: secretsFrom(process.env) } }))
  server.listen(Number(process.env.PORT ?? 8080), process.env.HOST ?? "127.0.0.1", () => {
    console.log(`worker ${process.pid} listening on port ${(server.address() as { port: number }).port}`)
  })
}
