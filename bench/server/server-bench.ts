/**
 * The whole-server benchmark: each server runs in its own child process
 * (its own heap); autocannon runs in this process on its main thread (one
 * load-generator worker) on the same 2 cores. 5 s × 2 rounds per server,
 * the second kept (the first warms the JIT).
 */
import { spawn, type ChildProcess } from "node:child_process"
import { createInterface } from "node:readline"
import autocannon from "autocannon"
import { apps, userOf } from "./apps.js"

/** What one server sustained. */
export interface ServerResult {
  readonly name: string
  readonly note: string
  readonly requestsPerSecond: number
  readonly p50Ms: number
  readonly p99Ms: number
  /** CPU time of the server process per request served in the kept round (µs): not blurred by the shared cores. */
  readonly cpuUsPerRequest: number
  readonly errors: number
  readonly non2xx: number
}

/** autocannon settings (also printed in BENCHMARKS.md). */
export const load = { connections: 50, pipelining: 10, duration: 5, rounds: 2 } as const

/** The load of a smoke run (`SITELETS_BENCH_QUICK=1`): the pipeline checked, no meaningful figure. */
export const quickLoad = { connections: 10, pipelining: 1, duration: 1, rounds: 1 } as const

type Load = typeof load | typeof quickLoad

/** A running child server: its port, and a way to ask for its CPU time so far (µs). */
interface Child {
  readonly process: ChildProcess
  readonly port: number
  readonly cpuUs: () => Promise<number>
}

function start(childEntry: string, name: string): Promise<Child> {
  const child = spawn(process.execPath, [childEntry, name], { stdio: ["pipe", "pipe", "inherit"] })
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
    void nextLine().then((line) => resolve({ process: child, port: (JSON.parse(line) as { port: number }).port, cpuUs }))
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
  const ok = await fetch(`${base}/users/42`)
  const body: unknown = await ok.json()
  if (ok.status !== 200 || JSON.stringify(body) !== JSON.stringify(userOf(42))) {
    throw new Error(`${name} answers /users/42 with ${ok.status} ${JSON.stringify(body)}`)
  }
  const missing = await fetch(`${base}/nothing/here`)
  await missing.arrayBuffer()
  if (missing.status !== 404) throw new Error(`${name} answers /nothing/here with ${missing.status}`)
}

/**
 * Runs every server through autocannon, one at a time.
 *
 * @example
 * ```ts
 * const results = await serverBench("node_modules/.cache/sitelets-bench/server-child.mjs")
 * ```
 */
export async function serverBench(childEntry: string, settings: Load = load): Promise<ServerResult[]> {
  const results: ServerResult[] = []
  for (const app of apps) {
    const child = await start(childEntry, app.name)
    try {
      const { port } = child
      const base = `http://127.0.0.1:${port}`
      await check(app.name, base)
      let last: Awaited<ReturnType<typeof autocannon>> | undefined
      let cpuUs = 0
      for (let round = 0; round < settings.rounds; round++) {
        const { connections, pipelining, duration } = settings
        const before = await child.cpuUs()
        last = await autocannon({ url: `${base}/users/42`, connections, pipelining, duration })
        cpuUs = (await child.cpuUs()) - before
      }
      if (!last) throw new Error("no autocannon round ran")
      results.push({
        name: app.name,
        note: app.note,
        requestsPerSecond: last.requests.average,
        p50Ms: last.latency.p50,
        p99Ms: last.latency.p99,
        cpuUsPerRequest: cpuUs / Math.max(1, last.requests.total),
        errors: last.errors + last.timeouts,
        non2xx: last.non2xx,
      })
      process.stderr.write(`  ${app.name}: ${Math.round(last.requests.average)} req/s, p99 ${last.latency.p99} ms, ${(cpuUs / Math.max(1, last.requests.total)).toFixed(1)} µs CPU/req\n`)
    } finally {
      await stop(child.process)
    }
  }
  return results
}
