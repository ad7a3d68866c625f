/**
 * Entry of one per-call routing process: `node per-call-child.mjs <scenario>
 * [quick|full]` prints that scenario's mitata results as JSON.
 */
import type { Scenarios } from "./github-table.js"
import { perCallScenario } from "./per-call.js"

const [key, mode] = process.argv.slice(2) as [keyof Scenarios, string | undefined]
const quick = mode === "quick"
// Many short rounds rather than a few long ones: each ratio is taken within a round (see PerCallTiming.toCompile).
const result = await perCallScenario(key, quick ? 2 : 15, quick)
process.stdout.write(`${JSON.stringify(result)}\n`)
