/**
 * Issue 38, item 5, in the runtime matrix: `OpenTelemetry()` with the
 * official tracing SDK on the Fetch host under Bun, Deno and workerd (the
 * site of telemetry-worker.ts, one process each): a server span per
 * request named by route, the incoming `traceparent` continued, the
 * handler's and an event stream's spans inside the request's, an
 * exception recorded, a 404 refused before routing, and a WebSocket
 * session's span with its messages counted.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { WebSocket } from "ws"
import { accepts, freePort } from "../../bench/common/loopback.js"
import { binaryOf, type RuntimeName } from "./launch.js"

const here = fileURLToPath(new URL(".", import.meta.url))
const dist = `${here}dist/telemetry/`

interface FinishedSpan {
  readonly name: string
  readonly kind: number
  readonly traceId: string
  readonly spanId: string
  readonly parent: string | null
  readonly attributes: Record<string, unknown>
  readonly status: number
  readonly events: readonly string[]
}

beforeAll(async () => {
  mkdirSync(dist, { recursive: true })
  // The browser platform: the SDK's builds that need no Node built-in (its Node builds import perf_hooks).
  await build({
    entryPoints: [`${here}telemetry-worker.ts`],
    outfile: `${dist}telemetry.mjs`,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    external: ["node:async_hooks"],
    logLevel: "error",
  })
  writeFileSync(`${dist}entry.mjs`, 'import { handler } from "./telemetry.mjs"\nexport default handler\n')
}, 60_000)

async function start(name: RuntimeName): Promise<{ port: number; child: ChildProcess; stderr: () => string }> {
  const port = await freePort()
  let args: string[]
  if (name === "bun") args = [`${dist}telemetry.mjs`, String(port)]
  else if (name === "deno") args = ["run", "--allow-net", `${dist}telemetry.mjs`, String(port)]
  else {
    writeFileSync(
      `${dist}config.capnp`,
      `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "telemetry", worker = (
      modules = [ (name = "entry.mjs", esModule = embed "entry.mjs"), (name = "telemetry.mjs", esModule = embed "telemetry.mjs") ],
      compatibilityDate = "2026-11-01",
      compatibilityFlags = [ "nodejs_als" ],
    )),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "telemetry") ],
);
`,
    )
    args = ["serve", `${dist}config.capnp`]
  }
  const child = spawn(binaryOf(name), args, {
    cwd: dist,
    stdio: ["ignore", "ignore", "pipe"],
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? here, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
  })
  let stderr = ""
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
  for (let attempt = 0; !(await accepts(port)); attempt++) {
    if (attempt > 300 || child.exitCode !== null) throw new Error(`${name} did not start:\n${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { port, child, stderr: () => stderr }
}

const traceId = "4bf92f3577b34da6a3ce929d0e0e4736"
const parentId = "00f067aa0ba902b7"

describe.each(["bun", "deno", "workerd"] as const)("OpenTelemetry() on %s", (name) => {
  let server: Awaited<ReturnType<typeof start>>
  let base: string
  beforeAll(async () => {
    server = await start(name)
    base = `http://127.0.0.1:${server.port}`
  }, 60_000)
  afterAll(() => {
    server?.child.kill("SIGKILL")
  })

  // The spans finished so far, once one matches (a span ends after its answer is handed over).
  async function spanWhere(test: (span: FinishedSpan) => boolean): Promise<FinishedSpan[]> {
    for (let attempt = 0; ; attempt++) {
      const spans = (await (await fetch(`${base}/spans`)).json()) as FinishedSpan[]
      if (spans.some(test)) return spans
      if (attempt > 100) throw new Error(`no such span among ${JSON.stringify(spans)}\n${server.stderr()}`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  it("names the span by route, continues the incoming trace, and runs the handler inside it", async () => {
    const response = await fetch(`${base}/articles/42`, { headers: { traceparent: `00-${traceId}-${parentId}-01` } })
    expect(await response.json()).toEqual({ id: 42 })
    const spans = await spanWhere((span) => span.name === "GET /articles/{id}")
    const request = spans.find((span) => span.name === "GET /articles/{id}")!
    expect(request).toMatchObject({ kind: 1, traceId, parent: parentId })
    expect(request.attributes).toMatchObject({
      "http.route": "/articles/{id}",
      "http.response.status_code": 200,
      "url.path": "/articles/42",
      "sitelets.endpoint": "Article",
    })
    const query = spans.find((span) => span.name === "db.query")!
    expect(query).toMatchObject({ traceId, parent: request.spanId })
  })

  it("records an exception (500) and a refusal before routing (404)", async () => {
    expect((await fetch(`${base}/boom`)).status).toBe(500)
    expect((await fetch(`${base}/no/such/page`)).status).toBe(404)
    const spans = await spanWhere((span) => span.attributes["http.response.status_code"] === 404)
    const boom = spans.find((span) => span.name === "GET /boom")!
    expect(boom).toMatchObject({ status: 2, events: ["exception"] })
    expect(boom.attributes["error.type"]).toBe("TypeError")
    const missing = spans.find((span) => span.attributes["http.response.status_code"] === 404)!
    expect(missing.name).toBe("GET")
    // The client's error: no error.type on a server span (the HTTP conventions), its status unset.
    expect(missing.attributes["error.type"]).toBeUndefined()
    expect(missing.status).toBe(0)
  })

  it("keeps an event stream's spans inside its request's, and counts its events", async () => {
    expect(await (await fetch(`${base}/ticks`)).text()).toContain("data: 2")
    const spans = await spanWhere((span) => span.name === "GET /ticks")
    const request = spans.find((span) => span.name === "GET /ticks")!
    expect(request.attributes["sitelets.event_stream.events"]).toBe(2)
    const ticks = spans.filter((span) => span.name === "tick")
    expect(ticks).toHaveLength(2)
    for (const tick of ticks) expect(tick.parent).toBe(request.spanId)
  })

  it("makes one span per WebSocket session, with its messages counted and its handler inside it", async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/echo`)
    const heard: string[] = []
    socket.on("message", (data) => heard.push(JSON.parse(String(data)) as string))
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject))
    socket.send(JSON.stringify("hi"))
    for (let waited = 0; heard.length === 0 && waited < 5000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10))
    socket.send(JSON.stringify("bye"))
    const code = await new Promise<number>((resolve) => socket.once("close", resolve))
    expect(heard).toEqual(["HI"])
    expect(code).toBe(1000)
    const spans = await spanWhere((span) => span.name === "WebSocket /echo")
    const session = spans.find((span) => span.name === "WebSocket /echo")!
    expect(session.attributes).toMatchObject({
      "sitelets.websocket.close_code": 1000,
      "sitelets.websocket.messages_received": 2,
      "sitelets.websocket.messages_sent": 1,
    })
    const upgrade = spans.find((span) => span.name === "GET /echo")!
    expect(upgrade.attributes["http.response.status_code"]).toBe(101)
    expect(session.parent).toBe(upgrade.spanId)
    for (const echo of spans.filter((span) => span.name === "echo")) expect(echo.parent).toBe(session.spanId)
  })
})
