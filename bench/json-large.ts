/**
 * Large payloads (issue 17): `User[]` of about 1 KB, 100 KB and 10 MB,
 * measured interleaved in one process (each round runs every size, so each
 * size is measured in a process that also handles the others), then the
 * memory of one decode of each size. `Json.Deserialize` builds Dates, so
 * its baseline is `JSON.parse` plus the same revival (a loop turning each
 * `joined` string into a Date); `JSON.parse` alone is shown too.
 */
import { Json, t } from "sitelets"
import { User, user } from "./json-payloads.js"

const Users = t.list(User)
type Revivable = { joined: string | Date }

const revive = (text: string): unknown => {
  const users = JSON.parse(text) as Revivable[]
  for (const one of users) one.joined = new Date(one.joined as string)
  return users
}

/** One size of the large-payload benchmark. */
interface Size {
  readonly label: string
  readonly value: unknown
  readonly text: string
}

const sizes: readonly Size[] = [1_000, 100_000, 10_000_000].map((bytes) => {
  const value = Array.from({ length: Math.max(1, Math.round(bytes / 157)) }, (_, id) => user(id))
  const text = Json.Serialize(Users, value as never)
  const label = bytes >= 1e6 ? `${bytes / 1e6} MB` : `${bytes / 1e3} KB`
  return { label, value, text }
})

const contenders = (size: Size): ReadonlyArray<readonly [string, () => unknown]> => [
  ["sitelets Json.Serialize", () => Json.Serialize(Users, size.value as never)],
  ["JSON.stringify", () => JSON.stringify(size.value)],
  ["sitelets Json.Deserialize", () => Json.Deserialize(Users, size.text)],
  ["JSON.parse + revive dates", () => revive(size.text)],
  ["JSON.parse alone", () => JSON.parse(size.text)],
]

const cpuNs = (): number => {
  const { user: u, system } = process.cpuUsage()
  return (u + system) * 1000
}

function batch(call: () => unknown, count: number): number {
  const start = cpuNs()
  for (let i = 0; i < count; i++) if (call() === undefined) throw new Error("no result")
  return (cpuNs() - start) / count
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number

/**
 * The markdown lines of the large-payload tables: time per operation
 * (median of 7 interleaved rounds, each batch ~30 ms or one call), then the
 * heap right after one decode and what the decoded value retains.
 *
 * @example
 * ```ts
 * for (const line of largePayloads()) console.log(line)
 * ```
 */
export function largePayloads(): string[] {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) throw new Error("run with node --expose-gc")
  const counts = sizes.map((size) =>
    contenders(size).map(([, call]) => {
      let count = 1
      while (batch(call, count) * count < 30e6) count *= 2
      return count
    }),
  )
  const times = sizes.map((size) => contenders(size).map(() => [] as number[]))
  for (let round = 0; round < 7; round++)
    sizes.forEach((size, s) =>
      contenders(size).forEach(([, call], c) => times[s]?.[c]?.push(batch(call, counts[s]?.[c] as number))),
    )
  const lines = ["| payload | contender | CPU µs/op (median of 7) | ratio |", "|---|---|---:|---:|"]
  sizes.forEach((size, s) => {
    const row = (c: number) => median(times[s]?.[c] as number[])
    contenders(size).forEach(([name], c) => {
      const base = c < 2 ? row(1) : row(3)
      lines.push(
        `| ${size.label} (${size.text.length.toLocaleString("en")} B) | ${name} | ${(row(c) / 1000).toFixed(1)} | ${(row(c) / base).toFixed(2)}× |`,
      )
    })
  })
  lines.push("", "| payload | decoder | heap right after the call | retained by the value | ratio (retained) |")
  lines.push("|---|---|---:|---:|---:|")
  const held: unknown[] = []
  for (const size of sizes) {
    const decoders = contenders(size).slice(2)
    // Small texts are decoded many times over (all results held) so the figures rise above the heap's noise.
    const copies = Math.max(1, Math.round(2e6 / size.text.length))
    const memory = decoders.map(([name, call]) => {
      held.length = 0
      gc()
      gc()
      const before = process.memoryUsage().heapUsed
      for (let i = 0; i < copies; i++) held.push(call())
      const peak = (process.memoryUsage().heapUsed - before) / copies
      gc()
      gc()
      return { name, peak, retained: (process.memoryUsage().heapUsed - before) / copies }
    })
    held.length = 0
    const base = memory[1]?.retained as number
    const mb = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} KB`)
    for (const { name, peak, retained } of memory)
      lines.push(
        `| ${size.label}${copies > 1 ? ` (per decode, ${copies} held)` : ""} | ${name} | ${mb(peak)} | ${mb(retained)} | ${(retained / base).toFixed(2)}× |`,
      )
  }
  return lines
}
