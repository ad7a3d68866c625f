/**
 * Issue 37, item 5: the example site on three processes sharing a real
 * Redis and a real PostgreSQL (both started here, on loopback ports), as
 * `npm run start:cluster` runs it with `REDIS_URL`, `DATABASE_URL` and
 * `SITELETS_SECRET` — each process on its own port here, so the test knows
 * which one answers. An article written through one is read through the
 * others and after a restart; twelve guesses across them get exactly the
 * limit; a chat message reaches sockets on every process; a process killed
 * mid-run leaves the others serving and nothing written lost.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { WebSocket } from "ws"
import { hasPostgres, noPostgres, type PostgresServer, startPostgres } from "../support/postgres-server.js"
import { noRedis, type RedisServer, redisBinary, startRedis } from "../support/redis-server.js"

const ready = redisBinary !== undefined && hasPostgres
if (!ready) console.warn(`test/services: skipped, ${redisBinary === undefined ? noRedis : noPostgres}`)

const root = new URL("../..", import.meta.url).pathname
const secret = "a shared secret of at least thirty-two bytes, for all three"

interface Running {
  readonly child: ChildProcess
  readonly port: number
  readonly output: () => string
}

/** Starts main.ts on a free port with the shared services, resolving once it listens (30 s at most). */
function startSite(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ["--import", "tsx", "examples/site/main.ts"], {
    cwd: root,
    env: { ...process.env, ...env, PORT: "0", QUIET: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the site did not start:\n${output}`)), 30_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1]
      if (port !== undefined && output.includes("articles and messages:")) {
        clearTimeout(timer)
        resolve({ child, port: Number(port), output: () => output })
      }
    }
    child.stdout!.on("data", read)
    child.stderr!.on("data", read)
    child.once("exit", (code) => reject(new Error(`the site exited (${code}):\n${output}`)))
  })
}

const stopSite = (site: Running, signal: NodeJS.Signals = "SIGTERM") =>
  new Promise<void>((resolve) => {
    if (site.child.exitCode !== null || site.child.signalCode !== null) return resolve()
    site.child.once("exit", () => resolve())
    site.child.kill(signal)
    setTimeout(() => site.child.kill("SIGKILL"), 5000).unref()
  })

describe.skipIf(!ready)("the example on three processes, with Redis and PostgreSQL", () => {
  let redis: RedisServer
  let postgres: PostgresServer
  let env: Record<string, string>
  const sites: Running[] = []
  const url = (index: number, path: string) => `http://127.0.0.1:${sites[index]!.port}${path}`
  // Same-origin, as a browser on the site would send (the example refuses cross-site unsafe requests).
  const origin = (index: number) => ({ origin: `http://127.0.0.1:${sites[index]!.port}` })
  const form = (index: number) => ({ "content-type": "application/x-www-form-urlencoded", ...origin(index) })

  beforeAll(async () => {
    ;[redis, postgres] = await Promise.all([startRedis(), startPostgres()])
    env = { REDIS_URL: redis.url, DATABASE_URL: postgres.createDatabase("example"), SITELETS_SECRET: secret }
    // Started together: the migrations run once, under their advisory lock.
    sites.push(...(await Promise.all([0, 1, 2].map(() => startSite(env)))))
  }, 90_000)

  afterAll(async () => {
    await Promise.all(sites.map((site) => stopSite(site)))
    await Promise.all([redis?.stop(), postgres?.stop()])
  }, 30_000)

  it("says at start where the articles and the limits live", () => {
    for (const site of sites) {
      expect(site.output()).toContain(`articles and messages: PostgreSQL at 127.0.0.1:`)
      expect(site.output()).toContain("password limits and chat rooms in Redis at 127.0.0.1:")
    }
  })

  it("serves an article written through one process from the others, with a token one issued and another accepts", async () => {
    const issued = await fetch(url(0, "/api/token"), {
      method: "POST",
      headers: form(0),
      body: "user=ada&password=lovelace",
    })
    expect(issued.status).toBe(200)
    const { token } = (await issued.json()) as { token: string }
    // Issued by process 0, used on process 1: one SITELETS_SECRET.
    const created = await fetch(url(1, "/api/articles"), {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...origin(1) },
      body: JSON.stringify({ title: "Shared state", body: "Written once, read everywhere." }),
    })
    expect(created.status).toBe(201)
    const article = (await created.json()) as { id: number; slug: string }
    expect(article.slug).toBe(`shared-state-${article.id}`)
    for (const index of [0, 1, 2]) {
      const read = await fetch(url(index, `/api/articles/${article.id}`))
      expect(read.status).toBe(200)
      expect(await read.json()).toMatchObject({ id: article.id, title: "Shared state" })
    }
  })

  it("counts twelve guesses for one user across the processes and both paths against one limit of five", async () => {
    const statuses: number[] = []
    for (let guess = 0; guess < 12; guess++) {
      const index = guess % 3
      // Every fourth guess through the login form, the others through the token endpoint.
      const response =
        guess % 4 === 3
          ? await fetch(url(index, "/account/login"), {
              method: "POST",
              headers: form(index),
              body: `user=grace&password=guess${guess}`,
              redirect: "manual",
            })
          : await fetch(url(index, "/api/token"), {
              method: "POST",
              headers: form(index),
              body: `user=grace&password=guess${guess}`,
            })
      statuses.push(response.status)
      await response.arrayBuffer()
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(7)
    expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true)
  })

  it("relays a chat message from a socket on one process to sockets held by every process", async () => {
    const open = async (index: number) => {
      const socket = new WebSocket(url(index, "/chat/cluster/socket").replace("http:", "ws:"))
      const heard: Array<{ $: string; text?: string; present?: number }> = []
      socket.on("message", (data) => heard.push(JSON.parse(data.toString())))
      await new Promise((resolve, reject) => (socket.once("open", resolve), socket.once("error", reject)))
      return { socket, heard }
    }
    const visitors = [await open(0), await open(1), await open(2)]
    // Everyone hears the third arrive, counted across the processes.
    await eventually(() => visitors.every((visitor) => visitor.heard.some((m) => m.$ === "Joined" && m.present === 3)))
    visitors[1]!.socket.send(JSON.stringify({ $: "Say", name: "bob", text: "hello, cluster" }))
    await eventually(() => visitors.every((visitor) => visitor.heard.some((m) => m.text === "hello, cluster")))
    for (const { socket } of visitors) socket.close()
  })

  it("keeps serving when a process is killed mid-run, loses nothing written, and a restarted process reads it all", async () => {
    const issued = await fetch(url(2, "/api/token"), {
      method: "POST",
      headers: form(2),
      body: "user=ada&password=lovelace",
    })
    const { token } = (await issued.json()) as { token: string }
    const write = (index: number, n: number) =>
      fetch(url(index, "/api/articles"), {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...origin(index) },
        body: JSON.stringify({ title: `Survivor ${n}`, body: "kept" }),
      })
    const ids: number[] = []
    for (let n = 0; n < 20; n++) {
      // Process 1 dies halfway; writes go on through 0 and 2.
      if (n === 10) await stopSite(sites[1]!, "SIGKILL")
      const response = await write(n < 10 ? n % 3 : n % 2 === 0 ? 0 : 2, n)
      expect(response.status).toBe(201)
      ids.push(((await response.json()) as { id: number }).id)
    }
    const listed = (await (await fetch(url(0, "/api/articles"))).json()) as Array<{ id: number }>
    expect(ids.every((id) => listed.some((article) => article.id === id))).toBe(true)
    // A new process (a restart of the one killed) reads every article, on fresh connections.
    sites[1] = await startSite(env)
    const fresh = (await (await fetch(url(1, "/api/articles"))).json()) as Array<{ id: number; title: string }>
    for (const id of ids) expect(fresh.some((article) => article.id === id)).toBe(true)
    expect(fresh.filter((article) => article.title.startsWith("Survivor"))).toHaveLength(20)
  }, 60_000)
})

async function eventually(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 20) {
    if (waited > 10_000) throw new Error("not within 10 s")
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
