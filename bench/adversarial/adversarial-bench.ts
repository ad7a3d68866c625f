/**
 * Crafted 16,000-character targets against the sitelets router (the GitHub
 * table): the whole per-request cost (`createRouteRequest` + `route`), per
 * lookup. Reported, never asserted; the goal is well under 20 ms.
 */
import { createRouteRequest } from "sitelets"
import { median } from "../common/harness.js"
import { loadTable } from "../routing/github-table.js"
import { tableRouter } from "../routing/ours.js"

/** One crafted target and what it cost. */
export interface AdversarialResult {
  readonly label: string
  readonly length: number
  /** What the router said: "no match", "bad target (400)" or the matched case. */
  readonly outcome: string
  /** Median and worst CPU milliseconds per lookup. */
  readonly medianMs: number
  readonly maxMs: number
}

const size = 16_000

/** The crafted targets: long single segments, many segments, many escapes, malformed escapes. */
export const adversarialPaths: ReadonlyArray<readonly [label: string, path: string]> = [
  ["`'/' + '-'.repeat(16000) + 'a'`", "/" + "-".repeat(size) + "a"],
  ["`/repos/` + `%2F` × 5,331 (one decoded segment of slashes)", "/repos/" + "%2F".repeat(Math.floor((size - 7) / 3))],
  [
    "`/repos/o/r/` + `issues/` × 2,284 (deep path into the biggest subtree)",
    "/repos/o/r/" + "issues/".repeat(Math.floor((size - 11) / 7)),
  ],
  ["`/` + `a/` × 8,000 (8,000 segments)", "/" + "a/".repeat(size / 2)],
  ["`/users/` + `%C3%A9` × 2,665 (multi-byte escapes)", "/users/" + "%C3%A9".repeat(Math.floor((size - 7) / 6))],
  ["`/repos/` + `%` × 16,000 (malformed escapes)", "/repos/" + "%".repeat(size)],
  ["`/` + `%2F..` × 3,200 (encoded dot segments)", "/" + "%2F..".repeat(size / 5)],
]

const rounds = 15
const perRound = 10

/**
 * Times each crafted path: a few warm-up lookups, then `rounds` rounds of
 * `perRound` lookups (CPU time, so the shared cores' other load is not ours).
 *
 * @example
 * ```ts
 * (await adversarialBench())[0].medianMs // CPU ms per lookup
 * ```
 */
export async function adversarialBench(): Promise<AdversarialResult[]> {
  const router = tableRouter(loadTable())
  const lookup = async (path: string) => {
    const request = createRouteRequest({ method: "GET", target: path })
    if (request.bad !== undefined) return "bad target (400)"
    const result = await router.route(request, 0, false)
    return result?.$ === "Success" ? `matched ${result.endpoint.$}` : "no match"
  }
  const results: AdversarialResult[] = []
  for (const [label, path] of adversarialPaths) {
    let outcome = ""
    for (let i = 0; i < 3; i++) outcome = await lookup(path)
    const times: number[] = []
    for (let i = 0; i < rounds; i++) {
      const start = process.cpuUsage()
      for (let k = 0; k < perRound; k++) await lookup(path)
      const used = process.cpuUsage(start)
      times.push((used.user + used.system) / 1000 / perRound)
    }
    results.push({ label, length: path.length, outcome, medianMs: median(times), maxMs: Math.max(...times) })
  }
  return results
}
