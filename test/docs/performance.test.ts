/**
 * The performance page's figures are the latest BENCHMARKS.md's, with its
 * date: the generated block is exactly what `npm run bench` would write now.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { figuresBlock, withFigures } from "../../bench/common/docs-figures.js"

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8")

describe("docs/performance.md", () => {
  it("shows BENCHMARKS.md's targets and the run's date, as generated", () => {
    const page = read("docs/performance.md")
    const benchmarks = read("BENCHMARKS.md")
    expect(page).toBe(withFigures(page, benchmarks))
    const date = /\| date \(UTC\) \| (\S+) \|/.exec(benchmarks)?.[1]
    expect(date).toBeDefined()
    expect(figuresBlock(benchmarks)).toContain(date)
    expect(figuresBlock(benchmarks)).toContain("| routing mix")
  })
})
