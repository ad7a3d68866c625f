/**
 * A small timing harness for sub-microsecond operations. Each subject owns
 * its inner loop (so every call site stays monomorphic); the harness only
 * calibrates a batch size, runs interleaved rounds and keeps per-round
 * nanoseconds per operation. Time is the process's CPU time (user + sys,
 * GC threads included), so the other processes sharing the machine's cores
 * do not count as ours; wall-clock time is kept alongside. No timing
 * assertions anywhere: figures only.
 */

/** One contender: runs `count` operations and returns how many succeeded (kept, so the work is not dead). */
export interface Subject {
  readonly name: string
  readonly run: (count: number) => number | Promise<number>
}

/** The timings of one subject over several rounds. */
export interface Timing {
  readonly name: string
  /** CPU nanoseconds per operation, one entry per round. */
  readonly rounds: readonly number[]
  /** Wall-clock nanoseconds per operation, median over the rounds. */
  readonly wallMedian: number
  readonly median: number
  /** The interquartile range over the rounds divided by the median, as a fraction. */
  readonly spread: number
  /** Successful operations reported by the last batch (a sanity figure). */
  readonly hits: number
  readonly count: number
}

/** How long a batch should take, and how many rounds to run. */
export interface HarnessOptions {
  readonly batchMs: number
  readonly rounds: number
  readonly warmupMs: number
}

/** 11 interleaved rounds of 20 ms batches, after 150 ms of warm-up per subject. */
export const defaultHarness: HarnessOptions = { batchMs: 20, rounds: 11, warmupMs: 150 }

/**
 * The median of a non-empty list of numbers.
 *
 * @example
 * ```ts
 * median([3, 1, 2]) //=> 2
 * ```
 */
export function median(values: readonly number[]): number {
  return quantile(values, 0.5)
}

/**
 * The `q` quantile of a non-empty list, interpolating between ranks.
 *
 * @example
 * ```ts
 * quantile([1, 2, 3, 4, 5], 0.25) //=> 2
 * ```
 */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const rank = (sorted.length - 1) * q
  const low = Math.floor(rank)
  const high = Math.ceil(rank)
  return (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (rank - low)
}

const cpuNs = (usage: NodeJS.CpuUsage): number => (usage.user + usage.system) * 1000

async function timeBatch(subject: Subject, count: number): Promise<{ ns: number; wall: number; hits: number }> {
  const wall = process.hrtime.bigint()
  const cpu = process.cpuUsage()
  const hits = await subject.run(count)
  const ns = cpuNs(process.cpuUsage(cpu))
  return { ns, wall: Number(process.hrtime.bigint() - wall), hits }
}

/** Doubles the batch until it lasts `batchMs`, warming the code up on the way. */
async function calibrate(subject: Subject, options: HarnessOptions): Promise<number> {
  let count = 1
  const deadline = performance.now() + options.warmupMs
  for (;;) {
    const { ns } = await timeBatch(subject, count)
    if (ns >= options.batchMs * 1e6 && performance.now() >= deadline) return count
    if (ns < options.batchMs * 1e6) count *= 2
  }
}

/**
 * Times every subject over `rounds` interleaved rounds (A B C, A B C, …), so
 * a slow moment of the machine (2 shared cores) hits every subject alike.
 *
 * @example
 * ```ts
 * const [map] = await measure([{ name: "Map.get", run: (n) => { let h = 0; for (let i = 0; i < n; i++) if (m.get("k")) h++; return h } }])
 * map.median // ns per operation
 * ```
 */
export async function measure(
  subjects: readonly Subject[],
  options: HarnessOptions = defaultHarness,
): Promise<Timing[]> {
  const counts: number[] = []
  for (const subject of subjects) counts.push(await calibrate(subject, options))
  const rounds: number[][] = subjects.map(() => [])
  const walls: number[][] = subjects.map(() => [])
  const hits: number[] = subjects.map(() => 0)
  for (let round = 0; round < options.rounds; round++) {
    for (let i = 0; i < subjects.length; i++) {
      const count = counts[i] as number
      const batch = await timeBatch(subjects[i] as Subject, count)
      ;(rounds[i] as number[]).push(batch.ns / count)
      ;(walls[i] as number[]).push(batch.wall / count)
      hits[i] = batch.hits
    }
  }
  return subjects.map((subject, i) => {
    const perRound = rounds[i] as number[]
    const mid = median(perRound)
    return {
      name: subject.name,
      rounds: perRound,
      median: mid,
      wallMedian: median(walls[i] as number[]),
      spread: (quantile(perRound, 0.75) - quantile(perRound, 0.25)) / mid,
      hits: hits[i] as number,
      count: counts[i] as number,
    }
  })
}
