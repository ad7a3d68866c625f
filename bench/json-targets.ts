/**
 * The JSON codec's lead, held as targets (issue 53, item 5): from the last
 * `npm run bench:json` (bench/json-results.json, which it writes beside
 * the table it prints), the codec's CPU time per operation against the
 * peers it leads — reading and validating a body against TypeBox's
 * compiled check, zod 4 and valibot (each after `JSON.parse`), writing one
 * against `JSON.stringify` — so a regression shows in `## Targets`.
 */
import { existsSync, readFileSync } from "node:fs"
import { formatRatio } from "./common/markdown.js"
import { repoPath } from "./common/paths.js"

/** What bench/json.bench.ts writes: per payload and operation, each contender's median and best ns per call. */
export interface JsonFigures {
  readonly date: string
  readonly figures: ReadonlyArray<{
    readonly payload: string
    readonly bytes: number
    readonly operation: string
    readonly results: ReadonlyArray<{ readonly name: string; readonly median: number; readonly best: number }>
  }>
}

const goals = [
  { operation: "deserialize", ours: "sitelets Json.Deserialize", theirs: "JSON.parse + typebox TypeCompiler" },
  { operation: "deserialize", ours: "sitelets Json.Deserialize", theirs: "JSON.parse + zod 4" },
  { operation: "deserialize", ours: "sitelets Json.Deserialize", theirs: "JSON.parse + valibot" },
  { operation: "serialize", ours: "sitelets Json.Serialize", theirs: "JSON.stringify" },
] as const

/**
 * The last JSON benchmark's figures, or undefined when it has not run here.
 *
 * @example
 * ```ts
 * jsonFigures()?.date //=> "2026-12-05T09:12Z"
 * ```
 */
export function jsonFigures(): JsonFigures | undefined {
  const file = repoPath("bench/json-results.json")
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as JsonFigures) : undefined
}

/**
 * The Targets rows: for each payload, the codec's time ÷ the peer's (below
 * 1: the codec is faster), met when below 1.
 *
 * @example
 * ```ts
 * jsonGoalRows(jsonFigures()) //=> [["Json.Deserialize faster than JSON.parse + zod 4 (User, 154 B)", "0.28× its time", "met"], …]
 * ```
 */
export function jsonGoalRows(json: JsonFigures | undefined): string[][] {
  if (json === undefined) return []
  const rows: string[][] = []
  for (const goal of goals)
    for (const figure of json.figures.filter((candidate) => candidate.operation === goal.operation)) {
      const ours = figure.results.find((result) => result.name === goal.ours)
      const theirs = figure.results.find((result) => result.name === goal.theirs)
      if (ours === undefined || theirs === undefined) continue
      const ratio = ours.median / theirs.median
      rows.push([
        `${goal.ours.replace("sitelets ", "")} faster than ${goal.theirs} (${figure.payload}, ${figure.bytes.toLocaleString("en-US")} B; bench:json of ${json.date})`,
        `${formatRatio(ratio)} its time`,
        ratio < 1 ? "met" : "**missed**",
      ])
    }
  return rows
}
