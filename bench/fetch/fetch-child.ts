/**
 * The in-process Fetch handler benchmark run by Bun or Deno (bundled by
 * bench/run.ts with what it imports, Hono included): `bun fetch-child.mjs
 * [quick]`, `deno run -A fetch-child.mjs [quick]`. Prints the results as
 * one JSON line, as bench/fetch/fetch-bench.ts measures them under node.
 */
import process from "node:process"
import { fetchBench } from "./fetch-bench.js"

declare const Deno: { readonly args: readonly string[] } | undefined

const args = typeof Deno !== "undefined" ? Deno.args : process.argv.slice(2)
const quick = args.includes("quick")
const results = await fetchBench(quick ? { batchMs: 2, rounds: 3, warmupMs: 10 } : undefined)
process.stdout.write(`${JSON.stringify(results)}\n`)
