/**
 * The linking benchmark: the URL of a three-parameter route
 * (`GET /repos/<owner>/<repo>/issues/<number>`) from sitelets' typed
 * `Link`, path-to-regexp's compiled function, and a hand-written template
 * literal with `encodeURIComponent` (the floor).
 */
import { compile } from "path-to-regexp"
import { measure, type HarnessOptions, type Timing } from "../common/harness.js"
import { caseName, loadTable } from "../routing/github-table.js"
import { tableRouter } from "../routing/ours.js"

/** The timings for one input. */
export interface LinkingResult {
  readonly input: string
  readonly url: string
  readonly timings: readonly Timing[]
}

interface IssueParams {
  readonly owner: string
  readonly repo: string
  readonly number: string
}

const inputs: ReadonlyArray<readonly [label: string, params: IssueParams]> = [
  ["plain values", { owner: "sitelets", repo: "router", number: "42" }],
  ["values needing escapes", { owner: "a b", repo: "x/y?z", number: "é#1" }],
]

/**
 * Times the three ways to link, after checking that they agree.
 *
 * @example
 * ```ts
 * const [plain] = await linkingBench()
 * plain.url //=> "/repos/sitelets/router/issues/42"
 * ```
 */
export async function linkingBench(options?: HarnessOptions): Promise<LinkingResult[]> {
  const table = loadTable()
  const route = table.find(
    (candidate) => candidate.method === "GET" && candidate.path === "/repos/:owner/:repo/issues/:number",
  )
  if (!route) throw new Error("the 3-param route is missing from the table")
  const router = tableRouter(table)
  const tag = caseName(route)
  const toPath = compile<Record<string, string>>(route.path)
  const byHand = (p: IssueParams) =>
    `/repos/${encodeURIComponent(p.owner)}/${encodeURIComponent(p.repo)}/issues/${encodeURIComponent(p.number)}`
  const results: LinkingResult[] = []
  for (const [label, params] of inputs) {
    const endpoint = { $: tag, ...params }
    const url = byHand(params)
    const answers = [router.Link(endpoint), toPath({ ...params }), url]
    if (answers.some((answer) => answer !== url))
      throw new Error(`the linkers disagree on ${label}: ${answers.join(" | ")}`)
    const timings = await measure(
      [
        {
          name: "sitelets Link",
          run: (count) => {
            let length = 0
            for (let i = 0; i < count; i++) length += router.Link(endpoint).length
            return length
          },
        },
        {
          name: "path-to-regexp compile()",
          run: (count) => {
            let length = 0
            for (let i = 0; i < count; i++) length += toPath(params as unknown as Record<string, string>).length
            return length
          },
        },
        {
          name: "template literal + encodeURIComponent",
          run: (count) => {
            let length = 0
            for (let i = 0; i < count; i++) length += byHand(params).length
            return length
          },
        },
      ],
      options,
    )
    results.push({ input: label, url, timings })
  }
  return results
}
