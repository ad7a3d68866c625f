/**
 * `npm run bench:stores`: what a shared rate limit costs per request (issue
 * 37). One route (`GET /limited`, a text answer) served by node:http in a
 * child process each — no limit, `Sitelet.RateLimit` on `memoryStore()`,
 * and on `redisStore` (ioredis, Redis on loopback, started here) — loaded
 * by autocannon from this process (32 connections), in interleaved rounds
 * (the first dropped as warm-up); medians reported, with the ratio to the
 * unlimited server. Needs `redis-server` (`npm run test:services` installs it).
 */
import { spawn } from "node:child_process"
import { createServer } from "node:http"
import autocannon from "autocannon"
import { Redis } from "ioredis"
import { NodeHandler } from "../src/host/node.js"
import { Content, memoryStore, type RateLimitStore, Sitelet, t } from "../src/index.js"
import { redisStore } from "../src/redis/index.js"
import { startRedis } from "../test/support/redis-server.js"

type Variant = "none" | "memory" | "redis"
const variants: readonly Variant[] = ["none", "memory", "redis"]

// The child: one server, its port on stdout.
if (process.argv[2] === "--serve") {
  const variant = process.argv[3] as Variant
  const inner = Sitelet.Infer(t.union({ Limited: "GET /limited" }), () => Content.Text("ok"))
  // Keys spread over 1,000 users, each bucket large enough never to refuse: the cost measured is the take itself.
  let next = 0
  const limited = (store: RateLimitStore) =>
    Sitelet.RateLimit({ Capacity: 1e9, RefillPerSecond: 1e6, Key: () => `user:${next++ % 1000}`, Store: store }, inner)
  const site =
    variant === "none"
      ? inner
      : variant === "memory"
        ? limited(memoryStore())
        : limited(redisStore(new Redis(process.argv[4]!)))
  const server = createServer(NodeHandler(site))
  server.listen(0, "127.0.0.1", () =>
    console.log(JSON.stringify({ port: (server.address() as { port: number }).port })),
  )
} else {
  const redis = await startRedis()
  const servers = await Promise.all(
    variants.map(
      (variant) =>
        new Promise<{ variant: Variant; port: number; kill: () => void }>((resolve) => {
          const child = spawn(
            process.execPath,
            ["--import", "tsx", new URL(import.meta.url).pathname, "--serve", variant, redis.url],
            {
              stdio: ["ignore", "pipe", "inherit"],
            },
          )
          child.stdout!.once("data", (chunk: Buffer) =>
            resolve({ variant, port: JSON.parse(chunk.toString()).port, kill: () => child.kill() }),
          )
        }),
    ),
  )
  const rounds = 5
  const results = new Map<Variant, Array<{ rps: number; p50: number; p99: number }>>()
  for (let round = 0; round < rounds; round++)
    for (const { variant, port } of [...servers.slice(round % 3), ...servers.slice(0, round % 3)]) {
      const result = await autocannon({ url: `http://127.0.0.1:${port}/limited`, connections: 32, duration: 3 })
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${variant}: ${result.non2xx} non-2xx, ${result.errors} errors`)
      if (round > 0)
        results.set(variant, [
          ...(results.get(variant) ?? []),
          { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 },
        ])
    }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  const base = median(results.get("none")!.map((r) => r.rps))
  console.log("| rate limit | requests/s | p50 ms | p99 ms | vs no limit |\n|---|---:|---:|---:|---:|")
  for (const variant of variants) {
    const rows = results.get(variant)!
    const rps = median(rows.map((r) => r.rps))
    console.log(
      `| ${variant} | ${Math.round(rps)} | ${median(rows.map((r) => r.p50))} | ${median(rows.map((r) => r.p99))} | ${(rps / base).toFixed(2)}× |`,
    )
  }
  for (const server of servers) server.kill()
  await redis.stop()
}
