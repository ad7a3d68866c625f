/**
 * The WebSocket benchmark (issue 27): each echo server in its own child
 * process (`socket-child.ts`), loaded from this process by `ws` clients.
 * - Round trips: `clients` connections, each sending one message and
 *   awaiting its echo before the next, for `duration` seconds; interleaved
 *   rounds, the first dropped; round trips per second and the server's CPU
 *   time per message (both directions), medians over the rounds.
 * - Idle sockets: `idle` connections opened to a fresh server, then left
 *   alone; the server's resident memory per socket (RSS after minus
 *   before, over the count).
 * With Bun installed (the runtime matrix's), two more rows run under Bun:
 * Hono's WebSocket helper and sitelets' Fetch host, compared with each other.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { WebSocket } from "ws"

/** One server's figures. */
export interface SocketResult {
  readonly name: string
  readonly note: string
  readonly roundTripsPerSecond: number
  readonly cpuUsPerMessage: number
  readonly rssBytesPerIdleSocket: number
  readonly idleSockets: number
}

const nodeServers = [
  ["ws", "`ws`'s `WebSocketServer` on node:http, echoing each text frame as it came (no parsing)"],
  ["ws + JSON", "the same, each message parsed and answered with `JSON.parse`/`JSON.stringify`"],
  ["sitelets", "`NodeHandler(site).upgrade`: a `WebSocket` case, each message decoded and answered by the JSON codec"],
] as const
const bunServers = [
  [
    "hono on Bun",
    "Hono's `upgradeWebSocket` from `hono/bun` on `Bun.serve`, each message parsed and answered with JSON",
  ],
  ["sitelets on Bun", "`Fetch.Handler(site)` on `Bun.serve` with its `websocket` handlers: the same case as on node"],
] as const

/** Where the Bun rows run: Bun's binary and the bundled child; undefined without Bun. */
export interface BunCommand {
  readonly bun: string
  readonly entry: string
}

/** The settings of a full run and of a smoke run. */
export const socketLoad = { clients: 20, duration: 3, rounds: 5, idle: 10_000 } as const
export const quickSocketLoad = { clients: 4, duration: 1, rounds: 2, idle: 200 } as const
type Load = { readonly clients: number; readonly duration: number; readonly rounds: number; readonly idle: number }

interface Child {
  readonly process: ChildProcess
  readonly port: number
  readonly stats: () => Promise<{ cpuUs: number; rss: number }>
}

function start(command: readonly [string, string], name: string): Promise<Child> {
  const child = spawn(command[0], [command[1], name], { stdio: ["pipe", "pipe", "inherit"] })
  const lines = createInterface({ input: child.stdout! })
  const waiting: ((stats: { cpuUs: number; rss: number }) => void)[] = []
  return new Promise((resolve) => {
    lines.on("line", (line) => {
      const message = JSON.parse(line) as { port?: number; cpuUs: number; rss: number }
      if (message.port !== undefined)
        resolve({
          process: child,
          port: message.port,
          stats: () =>
            new Promise((answer) => {
              waiting.push(answer)
              child.stdin!.write("stats\n")
            }),
        })
      else waiting.shift()?.(message)
    })
  })
}

const opened = (url: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false })
    socket.once("open", () => resolve(socket))
    socket.once("error", reject)
  })

// One client's loop: a message, its echo, the next, until the deadline; the count of round trips.
async function loop(socket: WebSocket, until: number): Promise<number> {
  let count = 0
  const message = JSON.stringify({ $: "Say", text: "hello, sockets" })
  while (Date.now() < until) {
    await new Promise<void>((resolve) => {
      socket.once("message", () => resolve())
      socket.send(message)
    })
    count++
  }
  return count
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/**
 * Runs both measurements for every server.
 *
 * @example
 * ```ts
 * const rows = await socketBench(childEntry, socketLoad)
 * ```
 */
export async function socketBench(entry: string, load: Load = socketLoad, bun?: BunCommand): Promise<SocketResult[]> {
  const servers = [
    ...nodeServers.map(([name, note]) => ({ name, note, command: [process.execPath, entry] as const })),
    ...(bun === undefined ? [] : bunServers).map(([name, note]) => ({
      name,
      note,
      command: [bun!.bun, bun!.entry] as const,
    })),
  ]
  const children = await Promise.all(servers.map(({ name, command }) => start(command, name)))
  const url = (child: Child) => `ws://127.0.0.1:${child.port}/echo`
  const clients = await Promise.all(
    children.map((child) => Promise.all(Array.from({ length: load.clients }, () => opened(url(child))))),
  )
  const rates: number[][] = servers.map(() => [])
  const cpu: number[][] = servers.map(() => [])
  for (let round = 0; round < load.rounds; round++) {
    // A rotating order: a busy moment of the shared machine hits every server alike.
    for (let step = 0; step < servers.length; step++) {
      const index = (round + step) % servers.length
      const child = children[index] as Child
      const before = await child.stats()
      const started = Date.now()
      const counts = await Promise.all(
        (clients[index] as WebSocket[]).map((socket) => loop(socket, started + load.duration * 1000)),
      )
      const elapsed = (Date.now() - started) / 1000
      const after = await child.stats()
      const total = counts.reduce((sum, count) => sum + count, 0)
      if (round === 0 && load.rounds > 1) continue
      ;(rates[index] as number[]).push(total / elapsed)
      // Per message: each round trip is one message in and one out.
      ;(cpu[index] as number[]).push((after.cpuUs - before.cpuUs) / (2 * total))
    }
  }
  for (const group of clients) for (const socket of group) socket.terminate()
  for (const child of children) child.process.stdin!.end()

  const idle: number[] = []
  for (const { name, command } of servers) {
    const child = await start(command, name)
    const before = await child.stats()
    const sockets: WebSocket[] = []
    // In batches: the kernel's accept queue is finite.
    for (let opening = 0; opening < load.idle; opening += 500)
      sockets.push(
        ...(await Promise.all(Array.from({ length: Math.min(500, load.idle - opening) }, () => opened(url(child))))),
      )
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const after = await child.stats()
    idle.push((after.rss - before.rss) / load.idle)
    for (const socket of sockets) socket.terminate()
    child.process.stdin!.end()
  }
  return servers.map(({ name, note }, index) => ({
    name,
    note,
    roundTripsPerSecond: median(rates[index] as number[]),
    cpuUsPerMessage: median(cpu[index] as number[]),
    rssBytesPerIdleSocket: idle[index] as number,
    idleSockets: load.idle,
  }))
}
