/**
 * The figures of docs/performance.md, generated from BENCHMARKS.md: its
 * `## Targets` table under the date and machine of the run, between two
 * markers. `npm run bench` rewrites the block after BENCHMARKS.md; a test
 * checks the page holds exactly what the current BENCHMARKS.md gives.
 */

const start = "<!-- figures: generated from BENCHMARKS.md by `npm run bench`; do not edit -->"
const end = "<!-- end of figures -->"

const sectionOf = (markdown: string, title: string): string => {
  const at = markdown.indexOf(`\n## ${title}\n`)
  if (at < 0) return ""
  const next = markdown.indexOf("\n## ", at + 1)
  return markdown.slice(at + 1, next < 0 ? undefined : next).trim()
}

const environmentRow = (environment: string, name: string): string =>
  new RegExp(`^\\| ${name} \\| (.+) \\|$`, "m").exec(environment)?.[1]?.trim() ?? "unknown"

/**
 * The block the performance page shows: the latest run's date and machine,
 * then its table of targets.
 *
 * @example
 * ```ts
 * figuresBlock(readFileSync("BENCHMARKS.md", "utf8")).startsWith("<!-- figures") //=> true
 * ```
 */
export function figuresBlock(benchmarks: string): string {
  const environment = sectionOf(benchmarks, "Environment")
  const targets = sectionOf(benchmarks, "Targets")
  const table = targets.split("\n").filter((line) => line.startsWith("|"))
  const date = environmentRow(environment, "date \\(UTC\\)")
  return [
    start,
    "",
    `BENCHMARKS.md as of its latest run (\`npm run bench\`, ${date}, ${environmentRow(environment, "machine")}, Node ${environmentRow(environment, "Node")};`,
    "a run of some sections re-renders the others' figures as they were, and its notes say which run each comes from):",
    "each goal of the issues with the measured ratio (how many times faster sitelets is; details and spreads in",
    "[BENCHMARKS.md](../BENCHMARKS.md)).",
    "",
    ...table,
    "",
    end,
  ].join("\n")
}

/**
 * The page with its block replaced by the one `benchmarks` gives.
 *
 * @example
 * ```ts
 * withFigures(page, benchmarks).includes("## Targets") //=> false
 * ```
 */
export function withFigures(page: string, benchmarks: string): string {
  const from = page.indexOf(start)
  const to = page.indexOf(end)
  if (from < 0 || to < from) throw new Error("docs/performance.md has no figures block (its two markers)")
  return page.slice(0, from) + figuresBlock(benchmarks) + page.slice(to + end.length)
}
