/**
 * Timing for the JSON benchmark: each contender is calibrated to a batch of
 * about `batchMs`, then all contenders of a case run in interleaved rounds
 * (A B C, A B C, …) so a slow moment of the shared machine hits them alike.
 * Time is process CPU time (user + system, GC threads included): on 2 cores
 * shared with other work, wall-clock time mostly measures waiting for a core.
 * Figures only; nothing here asserts a timing.
 */

/** One contender: a function of the payload, called in a tight loop. */
export interface Contender {
  readonly name: string
  readonly call: () => unknown
}

/** Per-contender result: nanoseconds per call over the rounds. */
export interface Result {
  readonly name: string
  readonly median: number
  /** The fastest round: on a shared machine, the figure least disturbed by other work. */
  readonly best: number
  /** (max − min) / median over the rounds. */
  readonly spread: number
}

/** Process CPU time in milliseconds. */
const cpu = (): number => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
const now = (): number => performance.now()

function batch(contender: Contender, count: number): number {
  let sink = 0
  const start = cpu()
  for (let i = 0; i < count; i++) if (contender.call() !== undefined) sink++
  const elapsed = cpu() - start
  if (sink !== count) throw new Error(`${contender.name} returned undefined`)
  return elapsed
}

function calibrate(contender: Contender, batchMs: number): number {
  let count = 1
  for (let warm = now() + batchMs * 3; ; count *= 2) {
    if (batch(contender, count) >= batchMs && now() >= warm) return count
  }
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/**
 * Times contenders over interleaved rounds.
 *
 * @example
 * ```ts
 * const [ours, peer] = measure([{ name: "ours", call: () => f(x) }, { name: "peer", call: () => g(x) }])
 * ```
 */
export function measure(contenders: readonly Contender[], rounds = 11, batchMs = 30): Result[] {
  const counts = contenders.map((contender) => calibrate(contender, batchMs))
  const times: number[][] = contenders.map(() => [])
  for (let round = 0; round < rounds; round++) {
    contenders.forEach((contender, i) =>
      (times[i] as number[]).push((batch(contender, counts[i] as number) * 1e6) / (counts[i] as number)),
    )
  }
  return contenders.map((contender, i) => {
    const perRound = times[i] as number[]
    const mid = median(perRound)
    const best = Math.min(...perRound)
    return { name: contender.name, median: mid, best, spread: (Math.max(...perRound) - best) / mid }
  })
}
