/**
 * The loop of the one-route cost benchmarks (bench/stores.ts,
 * bench/telemetry.ts): each variant's server in a child process of the
 * calling script (`--serve <variant> ...args`, printing `{"port":…}`),
 * loaded by autocannon from this process (32 connections, 3 s) in
 * interleaved rounds, the first dropped as warm-up; the medians printed as
 * a Markdown table with the ratio to the first variant.
 */
import { spawn } from "node:child_process"
import autocannon from "autocannon"

/**
 * Runs the variants and prints the table.
 *
 * @example
 * ```ts
 * await compareVariants(import.meta.url, ["off", "api", "sdk"], "/articles/42", "telemetry", "vs off")
 * ```
 */
export async function compareVariants(
  script: string,
  variants: readonly string[],
  path: string,
  heading: string,
  ratio: string,
  extraArgs: readonly string[] = [],
): Promise<void> {
  const servers = await Promise.all(
    variants.map(
      (variant) =>
        new Promise<{ variant: string; port: number; kill: () => void }>((resolve) => {
          const child = spawn(
            process.execPath,
            ["--import", "tsx", new URL(script).pathname, "--serve", variant, ...extraArgs],
            { stdio: ["ignore", "pipe", "inherit"] },
          )
          child.stdout!.once("data", (chunk: Buffer) =>
            resolve({ variant, port: JSON.parse(chunk.toString()).port, kill: () => child.kill() }),
          )
        }),
    ),
  )
  const rounds = 5
  const results = new Map<string, Array<{ rps: number; p50: number; p99: number }>>()
  for (let round = 0; round < rounds; round++)
    for (const { variant, port } of [
      ...servers.slice(round % servers.length),
      ...servers.slice(0, round % servers.length),
    ]) {
      const result = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections: 32, duration: 3 })
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${variant}: ${result.non2xx} non-2xx, ${result.errors} errors`)
      if (round > 0)
        results.set(variant, [
          ...(results.get(variant) ?? []),
          { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 },
        ])
    }
  for (const server of servers) server.kill()
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  const base = median(results.get(variants[0]!)!.map((r) => r.rps))
  console.log(`| ${heading} | requests/s | p50 ms | p99 ms | ${ratio} |\n|---|---:|---:|---:|---:|`)
  for (const variant of variants) {
    const rows = results.get(variant)!
    const rps = median(rows.map((r) => r.rps))
    console.log(
      `| ${variant} | ${Math.round(rps)} | ${median(rows.map((r) => r.p50))} | ${median(rows.map((r) => r.p99))} | ${(rps / base).toFixed(2)}× |`,
    )
  }
}
