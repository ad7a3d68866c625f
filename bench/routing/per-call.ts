/**
 * The routing table again, timed the way independent harnesses time it:
 * mitata's `measure` (per-call samples, batches of 4,096 calls, the p50 of
 * the samples) on one scenario per fresh process, so each contender's
 * code is trained on that scenario's requests alone. The CPU-time harness
 * of routing-bench.ts instead warms every contender on the whole mix first
 * (what a server sees); the two views differ most for generated matchers
 * (rou3 `compileRouter`), which is why both are reported.
 */
import { spawnSync } from "node:child_process"
import { measure } from "mitata"
import { median } from "../common/harness.js"
import { loadTable, scenarios, type Scenarios } from "./github-table.js"
import { compiledContenders } from "./compiled.js"
import { ours } from "./ours.js"
import { peers } from "./peers.js"
import { appliesTo } from "./routing-bench.js"

/** One contender's per-call medians on one scenario. */
export interface PerCallTiming {
  readonly name: string
  /** The p50 of each round, nanoseconds per request. */
  readonly rounds: readonly number[]
  readonly p50: number
  /**
   * Speed relative to find-my-way's `compile()`: the median over rounds of its p50 ÷ this p50 in the same round
   * (rounds alternate the contenders, so a slow phase of a shared machine slows both sides of each ratio).
   */
  readonly toCompile?: number
}

/** The peer the per-call ratios are taken against. */
export const compileName = "find-my-way compile()"

/** One scenario's per-call results. */
export interface PerCallResult {
  readonly key: keyof Scenarios
  readonly requests: number
  readonly timings: readonly PerCallTiming[]
}

const scenarioKeys: ReadonlyArray<keyof Scenarios> = ["static", "oneParam", "threeParams", "miss", "all"]

/**
 * Measures one scenario in this process: `rounds` interleaved rounds, each
 * contender's mitata p50 per round (one call = one pass over the
 * scenario's requests), divided by the number of requests; and each
 * contender's ratio to find-my-way's `compile()`, round by round.
 *
 * @example
 * ```ts
 * const result = await perCallScenario("static", 3)
 * result.timings[0].p50 // ns per request
 * ```
 */
export async function perCallScenario(key: keyof Scenarios, rounds: number, quick = false): Promise<PerCallResult> {
  const table = loadTable()
  const requests = scenarios(table)[key]
  const contenders = [...ours(table), ...(await compiledContenders(table)), ...peers(table)].filter((contender) =>
    appliesTo(contender, requests),
  )
  const perRound: number[][] = contenders.map(() => [])
  const options = quick ? { min_cpu_time: 5e6, min_samples: 4 } : { min_cpu_time: 50e6 }
  for (let round = 0; round < rounds; round++) {
    for (const [i, contender] of contenders.entries()) {
      const stats = await measure(() => contender.pass(requests, 1), options)
      ;(perRound[i] as number[]).push(stats.p50 / requests.length)
    }
  }
  const base = perRound[contenders.findIndex((contender) => contender.name === compileName)]
  return {
    key,
    requests: requests.length,
    timings: contenders.map((contender, i) => {
      const rounds = perRound[i] as number[]
      const toCompile = base && median(rounds.map((ns, round) => (base[round] as number) / ns))
      return { name: contender.name, rounds, p50: median(rounds), ...(toCompile ? { toCompile } : {}) }
    }),
  }
}

/**
 * Runs every scenario in its own fresh node process (`childEntry`, the
 * bundled per-call-child.ts) and collects the results.
 *
 * @example
 * ```ts
 * const results = perCallBench("/path/per-call-child.mjs")
 * ```
 */
export function perCallBench(childEntry: string, quick = false): PerCallResult[] {
  return scenarioKeys.map((key) => {
    const run = spawnSync(process.execPath, [childEntry, key, quick ? "quick" : "full"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 16 * 1024 * 1024,
    })
    if (run.status !== 0) throw new Error(`per-call child for ${key} exited with ${run.status}`)
    return JSON.parse(run.stdout) as PerCallResult
  })
}
