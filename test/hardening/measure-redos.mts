/**
 * Measures how long adversarial 16,000-character paths take (RELIABILITY A1:
 * find-my-way's budget is 20 ms per lookup). A script, not a test (no timing
 * assertions in tests): `npx tsx test/hardening/measure-redos.ts`.
 */
import { performance } from "node:perf_hooks"
import { site } from "./site.js"

const targets: Record<string, string> = {
  "dashes then a": "/" + "-".repeat(16_000) + "a",
  "string segment": "/files/" + "a".repeat(16_000),
  "many segments": "/files" + "/a".repeat(8_000),
  "percent escapes": "/files/" + "%41".repeat(5_333),
  "dot-dash mix": "/" + "-.".repeat(8_000),
  "query keys": "/?" + "a&".repeat(8_000),
  "int segment": "/item/" + "9".repeat(16_000),
}

const options = { limits: { urlLength: 1 << 20, queryParameters: 1 << 20 }, onError: () => undefined }

async function time(target: string): Promise<{ median: number; max: number; status: number }> {
  const runs: number[] = []
  let status = 0
  for (let i = 0; i < 25; i++) {
    const start = performance.now()
    const response = await site.Handle(new Request(`http://localhost${target}`), options)
    runs.push(performance.now() - start)
    status = response?.status ?? 404
  }
  runs.sort((a, b) => a - b)
  return { median: runs[12]!, max: runs[24]!, status }
}

for (const [name, target] of Object.entries(targets)) {
  const { median, max, status } = await time(target)
  console.log(
    `${name.padEnd(16)} ${String(target.length).padStart(6)} chars  status ${status}  median ${median.toFixed(2)} ms  max ${max.toFixed(2)} ms`,
  )
}
