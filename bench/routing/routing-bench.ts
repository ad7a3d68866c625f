/**
 * The routing benchmark: every contender answers the same requests; the
 * answers are checked against the table first, then timed over interleaved
 * rounds. Figures are nanoseconds per request.
 */
import { measure, type HarnessOptions, type Timing } from "../common/harness.js"
import { loadTable, scenarios, type Scenarios, type TableRequest } from "./github-table.js"
import { ours } from "./ours.js"
import { peers, type Answer, type Contender } from "./peers.js"

/** One scenario's timings, per request. */
export interface ScenarioResult {
  readonly key: keyof Scenarios
  readonly label: string
  readonly requests: number
  readonly timings: readonly Timing[]
}

/** How each scenario is named in the tables. */
export const scenarioLabels: Readonly<Record<keyof Scenarios, string>> = {
  static: "static hit (`GET /user/repos`)",
  oneParam: "1 param (`GET /users/:user/repos`)",
  threeParams: "3 params (`GET /repos/:owner/:repo/issues/:number`)",
  miss: "miss (`GET /repos/x/y/nothing-here`)",
  all: "all 203 routes once (the mix)",
}

const sameParams = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) => {
  const keys = Object.keys(a).sort()
  return keys.join() === Object.keys(b).sort().join() && keys.every((key) => a[key] === b[key])
}

/** Throws when a contender gives a wrong route or wrong parameters for any request. */
async function check(contender: Contender, requests: readonly TableRequest[]): Promise<void> {
  for (const request of requests) {
    if (contender.staticOnly && Object.keys(request.params).length > 0) continue
    const answer: Answer | undefined = await contender.one(request)
    const ok =
      request.expected === -1
        ? answer === undefined
        : answer !== undefined && answer.id === request.expected && sameParams(answer.params, request.params)
    if (!ok)
      throw new Error(`${contender.name} answers ${request.method} ${request.path} wrongly: ${JSON.stringify(answer)}`)
  }
}

const quick = (options: HarnessOptions | undefined) => options !== undefined && options.warmupMs < 50

/** Runs a contender over the whole table for `ms` milliseconds of wall time. */
async function warm(contender: Contender, requests: readonly TableRequest[], ms: number): Promise<void> {
  const deadline = performance.now() + ms
  while (performance.now() < deadline) await contender.pass(requests, 10)
}

/** Whether a contender answers a scenario's requests (Map.get only knows static paths). */
export const appliesTo = (contender: Contender, requests: readonly TableRequest[]) =>
  !contender.staticOnly ||
  requests.every((request) => Object.keys(request.params).length === 0 && request.expected >= 0)

/**
 * Runs every scenario over sitelets and the peers.
 *
 * @example
 * ```ts
 * const results = await routingBench()
 * results[0].timings[0].median // ns per request
 * ```
 */
export async function routingBench(options?: HarnessOptions): Promise<ScenarioResult[]> {
  const table = loadTable()
  const cases = scenarios(table)
  const contenders = [...ours(table), ...peers(table)]
  for (const contender of contenders) await check(contender, [...cases.all, ...cases.miss])
  // Big generated matchers (find-my-way compile(), rou3 compileRouter) take long to reach optimized code.
  for (const contender of contenders) await warm(contender, cases.all, quick(options) ? 5 : 400)
  const results: ScenarioResult[] = []
  for (const key of Object.keys(cases) as Array<keyof Scenarios>) {
    const requests = cases[key]
    const subjects = contenders
      .filter((contender) => appliesTo(contender, requests))
      .map((contender) => ({ name: contender.name, run: (times: number) => contender.pass(requests, times) }))
    const timings = await measure(subjects, options)
    results.push({
      key,
      label: scenarioLabels[key],
      requests: requests.length,
      timings: timings.map((timing) => ({
        ...timing,
        median: timing.median / requests.length,
        wallMedian: timing.wallMedian / requests.length,
        rounds: timing.rounds.map((ns) => ns / requests.length),
      })),
    })
  }
  return results
}

/**
 * The notes of every contender, for the table legend.
 *
 * @example
 * ```ts
 * contenderNotes()[0] //=> ["sitelets", "`createRouteRequest({ method, target })` + …"]
 * ```
 */
export function contenderNotes(): Array<readonly [string, string]> {
  const table = loadTable()
  return [...ours(table), ...peers(table)].map((contender) => [contender.name, contender.note] as const)
}
