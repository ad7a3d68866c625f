/**
 * The whole-server benchmark: each server runs in its own child process
 * (its own heap, all started at once and idle between loads); autocannon
 * runs in this process on its main thread (one load-generator worker) on
 * the same 2 cores. Each load is a fixed number of requests, and the first
 * figure is the server process's CPU time (user + system) over them: what a
 * request costs that server, which the shared cores blur far less than
 * req/s. Rounds are interleaved (every server loaded once per round on each
 * endpoint, in a rotating order) so a busy moment on the shared machine hits
 * every server alike; the first round warms the JIT and is dropped, the
 * medians and ranges of the others are reported.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { createInterface } from "node:readline"
import autocannon, { type Result } from "autocannon"
import { apps } from "./apps.js"
import { benchToken } from "./token.js"
import { articles, compressionApps } from "./compression-apps.js"
import { runtimeApps, type Runtime } from "./runtime-apps.js"
import { helloText, userOf } from "./user.js"

/** What one server sustained on one endpoint. */
export interface ServerResult {
  readonly name: string
  readonly note: string
  /** The endpoint loaded: `JSON` (`GET /users/42`) or `text` (`GET /hello`); the compression rows' one. */
  readonly endpoint: string
  /** The runtime serving it (Node unless said). */
  readonly runtime?: "node" | Runtime
  /** The row it is compared with on its runtime (Hono on Bun and Deno). */
  readonly peer?: string
  readonly requestsPerSecond: number
  readonly p50Ms: number
  readonly p99Ms: number
  /** CPU time of the server process per request served (µs), median over the measured rounds: not blurred by the shared cores. */
  readonly cpuUsPerRequest: number
  /** CPU time per request in each measured round (µs), in round order. */
  readonly cpuRounds: readonly number[]
  readonly errors: number
  readonly non2xx: number
}

/** autocannon settings (also printed in BENCHMARKS.md): a fixed count of requests per load. */
export const load = { connections: 10, pipelining: 1, amount: 20_000, rounds: 6 } as const

/** The load of a smoke run (`SITELETS_BENCH_QUICK=1`): the pipeline checked, no meaningful figure. */
export const quickLoad = { connections: 10, pipelining: 1, amount: 2_000, rounds: 2 } as const

/** A load: connections, pipelining, requests per load, rounds (the first dropped). */
export interface Load {
  readonly connections: number
  readonly pipelining: number
  readonly amount: number
  readonly rounds: number
}

/** A running child server: its port, and a way to ask for its CPU time so far (µs). */
interface Child {
  readonly process: ChildProcess
  readonly port: number
  readonly cpuUs: () => Promise<number>
}

/**
 * How to start the rows on Bun, Deno and workerd: the runtimes' binaries,
 * the bundled runtime-child.mjs, and for workerd its node-side child and the
 * bundled Worker (without them, no workerd rows).
 */
export interface RuntimeCommands {
  readonly bun: string
  readonly deno: string
  readonly child: string
  readonly workerd?: { readonly binary: string; readonly child: string; readonly worker: string } | undefined
}

/** One row to load: its name and note, and the command that starts its server. */
interface Row {
  readonly name: string
  readonly note: string
  readonly runtime: "node" | Runtime
  readonly peer: string | undefined
  readonly command: readonly string[]
}

/**
 * What a benchmark loads: its Node rows (named in server-child.ts's lists),
 * the request, and the check each server's answer must pass first.
 */
export interface Scenario {
  readonly name: "server" | "compression"
  readonly rows: ReadonlyArray<{ readonly name: string; readonly note: string }>
  /** The endpoints each row is loaded on, every round. */
  readonly endpoints: ReadonlyArray<{ readonly label: string; readonly path: string }>
  readonly headers: Readonly<Record<string, string>>
  readonly check: (name: string, base: string) => Promise<void>
}

// Every row gets the protected row's bearer token (the others ignore the header).
const bearer = { authorization: `Bearer ${await benchToken()}` }

/** The whole-server benchmark: `GET /users/42` and `GET /hello`, with a bearer token for the protected row. */
export const serverScenario: Scenario = {
  name: "server",
  rows: apps,
  endpoints: [
    { label: "JSON", path: "/users/42" },
    { label: "text", path: "/hello" },
  ],
  headers: bearer,
  check,
}

/** The compression benchmark: `GET /articles` asking for gzip. */
export const compressionScenario: Scenario = {
  name: "compression",
  rows: compressionApps,
  endpoints: [{ label: "JSON, 10 KB", path: "/articles" }],
  headers: { "accept-encoding": "gzip" },
  async check(name, base) {
    // fetch decompresses: the check is that the JSON is the same, and that "+ compress" rows did compress.
    const response = await fetch(`${base}/articles`, { headers: { "accept-encoding": "gzip" } })
    const body: unknown = await response.json()
    const encoding = response.headers.get("content-encoding")
    if (JSON.stringify(body) !== JSON.stringify(articles)) throw new Error(`${name} answers /articles wrongly`)
    if ((encoding === "gzip") !== name.includes("compress")) throw new Error(`${name}: content-encoding ${encoding}`)
  },
}

function rowsOf(childEntry: string, runtimes: RuntimeCommands | undefined, scenario: Scenario): Row[] {
  const node: Row[] = scenario.rows.map((app) => ({
    name: app.name,
    note: app.note,
    runtime: "node",
    peer: undefined,
    command: [process.execPath, childEntry, app.name, scenario.name],
  }))
  if (runtimes === undefined || scenario.name !== "server") return node
  const workerd = runtimes.workerd
  const others: Row[] = runtimeApps.flatMap((app) => {
    const command =
      app.runtime === "bun"
        ? [runtimes.bun, runtimes.child, app.name]
        : app.runtime === "deno"
          ? [runtimes.deno, "run", "--allow-net", runtimes.child, app.name]
          : workerd && [process.execPath, workerd.child, workerd.binary, workerd.worker, app.name]
    return command === undefined
      ? []
      : [{ name: app.name, note: app.note, runtime: app.runtime, peer: app.peer, command }]
  })
  return [...node, ...others]
}

function start(command: readonly string[], name: string): Promise<Child> {
  const child = spawn(command[0] as string, command.slice(1), {
    stdio: ["pipe", "pipe", "inherit"],
    env: { ...process.env, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
  })
  const lines = createInterface({ input: child.stdout! })
  const waiting: Array<(line: string) => void> = []
  lines.on("line", (line) => waiting.shift()?.(line))
  const nextLine = () => new Promise<string>((resolve) => waiting.push(resolve))
  const cpuUs = async () => {
    const answer = nextLine()
    child.stdin!.write("cpu\n")
    return (JSON.parse(await answer) as { cpuUs: number }).cpuUs
  }
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${name} exited with ${String(code)} before listening`)))
    void nextLine().then((line) =>
      resolve({ process: child, port: (JSON.parse(line) as { port: number }).port, cpuUs }),
    )
  })
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 3000)
    child.removeAllListeners("exit")
    child.once("exit", () => {
      clearTimeout(timer)
      resolve()
    })
    child.stdin?.end()
  })
}

/** Checks the server answers the endpoint exactly, and 404 elsewhere, before loading it. */
async function check(name: string, base: string): Promise<void> {
  const ok = await fetch(`${base}/users/42`, { headers: bearer })
  const body: unknown = await ok.json()
  if (ok.status !== 200 || JSON.stringify(body) !== JSON.stringify(userOf(42))) {
    throw new Error(`${name} answers /users/42 with ${ok.status} ${JSON.stringify(body)}`)
  }
  // Every server sends what sitelets sends: the JSON type and `nosniff`.
  const sent = [ok.headers.get("content-type")?.split(";")[0], ok.headers.get("x-content-type-options")]
  if (sent[0] !== "application/json" || sent[1] !== "nosniff")
    throw new Error(`${name} answers /users/42 without the same headers (${sent.join(", ")})`)
  const hello = await fetch(`${base}/hello`, { headers: bearer })
  const text = await hello.text()
  const type = hello.headers.get("content-type")?.toLowerCase().replace(/\s/g, "")
  if (hello.status !== 200 || text !== helloText || !type?.startsWith("text/plain;charset=utf-8"))
    throw new Error(`${name} answers /hello with ${hello.status} ${type} ${JSON.stringify(text)}`)
  if (hello.headers.get("x-content-type-options") !== "nosniff")
    throw new Error(`${name} answers /hello without nosniff`)
  const missing = await fetch(`${base}/nothing/here`)
  await missing.arrayBuffer()
  if (missing.status !== 404) throw new Error(`${name} answers /nothing/here with ${missing.status}`)
}

interface Round {
  readonly requestsPerSecond: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly cpuUsPerRequest: number
  readonly errors: number
  readonly non2xx: number
}

/**
 * One load of a fixed count of requests, and the seconds from its start to
 * its last answer: autocannon's own duration and per-second samples come in
 * whole seconds, too coarse for a load that takes one or two.
 */
function loadOnce(options: Parameters<typeof autocannon>[0]): Promise<{ result: Result; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    let last = started
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve({ result, seconds: Math.max(1e-3, (last - started) / 1000) }),
    )
    instance.on("response", () => {
      last = performance.now()
    })
  })
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/**
 * Runs every server through autocannon in interleaved rounds (the first
 * dropped as warm-up) and reports each one's medians. With `runtimes`, the
 * Bun and Deno rows run in the same rounds.
 *
 * @example
 * ```ts
 * const results = await serverBench("node_modules/.cache/sitelets-bench/server-child.mjs")
 * ```
 */
export async function serverBench(
  childEntry: string,
  settings: Load = load,
  runtimes?: RuntimeCommands,
  scenario: Scenario = serverScenario,
): Promise<ServerResult[]> {
  const children: Child[] = []
  // SITELETS_BENCH_ROWS=<regex>: only the rows it matches (while working on one runtime; never for BENCHMARKS.md).
  const only = process.env.SITELETS_BENCH_ROWS
  const apps = rowsOf(childEntry, runtimes, scenario).filter(
    (row) => only === undefined || new RegExp(only).test(row.name),
  )
  try {
    for (const app of apps) {
      const child = await start(app.command, app.name)
      children.push(child)
      await scenario.check(app.name, `http://127.0.0.1:${child.port}`)
    }
    // One list of measured rounds per row and endpoint: rounds[row][endpoint].
    const rounds: Round[][][] = apps.map(() => scenario.endpoints.map(() => []))
    for (let round = 0; round < settings.rounds; round++) {
      for (let turn = 0; turn < apps.length; turn++) {
        // A rotating order: no server always follows the same one; the endpoints alternate which goes first.
        const index = (turn + round) % apps.length
        const child = children[index] as Child
        for (let step = 0; step < scenario.endpoints.length; step++) {
          const at = (step + round) % scenario.endpoints.length
          const endpoint = scenario.endpoints[at]!
          const { connections, pipelining, amount } = settings
          const before = await child.cpuUs()
          const { result, seconds } = await loadOnce({
            url: `http://127.0.0.1:${child.port}${endpoint.path}`,
            headers: scenario.headers,
            connections,
            pipelining,
            amount,
          })
          const cpuUs = (await child.cpuUs()) - before
          if (round === 0 && settings.rounds > 1) continue
          rounds[index]![at]!.push({
            requestsPerSecond: result.requests.total / seconds,
            p50Ms: result.latency.p50,
            p99Ms: result.latency.p99,
            cpuUsPerRequest: cpuUs / Math.max(1, result.requests.total),
            errors: result.errors + result.timeouts,
            non2xx: result.non2xx,
          })
        }
      }
      process.stderr.write(`  round ${round + 1}/${settings.rounds} done\n`)
    }
    return apps.flatMap((app, index) =>
      scenario.endpoints.map((endpoint, at) => {
        const measured = rounds[index]![at]!
        const result: ServerResult = {
          name: app.name,
          note: app.note,
          endpoint: endpoint.label,
          runtime: app.runtime,
          ...(app.peer === undefined ? {} : { peer: app.peer }),
          requestsPerSecond: median(measured.map((r) => r.requestsPerSecond)),
          p50Ms: median(measured.map((r) => r.p50Ms)),
          p99Ms: median(measured.map((r) => r.p99Ms)),
          cpuUsPerRequest: median(measured.map((r) => r.cpuUsPerRequest)),
          cpuRounds: measured.map((r) => r.cpuUsPerRequest),
          errors: measured.reduce((sum, r) => sum + r.errors, 0),
          non2xx: measured.reduce((sum, r) => sum + r.non2xx, 0),
        }
        process.stderr.write(
          `  ${app.name}, ${endpoint.label}: ${result.cpuUsPerRequest.toFixed(1)} µs CPU/req, ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms\n`,
        )
        return result
      }),
    )
  } finally {
    for (const child of children) await stop(child.process)
  }
}
