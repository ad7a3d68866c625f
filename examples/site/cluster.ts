/**
 * `npm run start:cluster`: the example site (main.ts) on `WORKERS`
 * processes (default: the cores) sharing one port through node:cluster.
 * What they share is what the environment gives them, and this says so at
 * start:
 * - `DATABASE_URL`: one PostgreSQL for the articles and messages; without
 *   it each process has its own PGlite folder (`.data/example/worker-<n>`);
 * - `REDIS_URL`: one password limit and the same chat rooms; without it,
 *   each process's own;
 * - `SITELETS_SECRET`: the key that signs logins and tokens, so one issued by
 *   one process is valid on all; without it, each process's own key.
 * A worker that dies is replaced; the others keep serving.
 */
import cluster from "node:cluster"
import { availableParallelism } from "node:os"

const workers = Math.max(1, Number(process.env.WORKERS ?? availableParallelism()))
const shared = (name: string) => (process.env[name] ?? "") !== ""

const notShared = [
  shared("DATABASE_URL") ? undefined : "articles and messages (set DATABASE_URL: each process has its own PGlite)",
  shared("REDIS_URL") ? undefined : "password limits and chat rooms (set REDIS_URL)",
  shared("SITELETS_SECRET")
    ? undefined
    : "logins and API tokens (set SITELETS_SECRET: each process signs with its own key)",
].filter((item) => item !== undefined)

console.log(`sitelets example: ${workers} processes`)
console.log(
  notShared.length === 0 ? "  shared by all: everything" : `  not shared between them: ${notShared.join("; ")}`,
)

cluster.setupPrimary({
  exec: new URL("./main.ts", import.meta.url).pathname,
  execArgv: ["--import", "tsx"],
})

const fork = (index: number) => {
  // Without DATABASE_URL, a PGlite folder per process: one folder is never opened by two processes.
  const data =
    shared("DATABASE_URL") || process.env.SITELETS_DATA === "memory://"
      ? {}
      : { SITELETS_DATA: `${process.env.SITELETS_DATA ?? ".data/example"}/worker-${index}` }
  cluster.fork({ ...data, WORKER_INDEX: String(index) }).on("exit", (code, signal) => {
    if (stopping) return
    console.log(`worker ${index} exited (${signal ?? code}); starting another`)
    fork(index)
  })
}

let stopping = false
for (let index = 0; index < workers; index++) fork(index)

const stop = () => {
  stopping = true
  for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM")
  setTimeout(() => process.exit(0), 5000).unref()
}
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
