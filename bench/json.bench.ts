/**
 * JSON benchmark (issue 3): sitelets' compiled codec side by side with
 * JSON.stringify/parse, fast-json-stringify, ajv, typebox, zod 4 and valibot,
 * in one process. Run with `npm run bench:json` (bench/json-run.ts bundles
 * this file with esbuild first, as the published build is bundled; tsx's
 * keepNames wrappers would distort closures); it prints the markdown table
 * that goes into BENCHMARKS.md `## JSON`.
 *
 * Peers only validate the parsed value; sitelets also builds the typed value
 * (ISO strings become Dates). Json.Deserialize reads Json.Serialize-shaped
 * text in one pass; the `Json.Decode(JSON.parse)` row is the general path it
 * falls back to for any other text. ajv, fast-json-stringify and typebox's
 * TypeCompiler generate code with `new Function`; sitelets, typebox's
 * Value.Check, zod and valibot do not.
 */
import { writeFileSync } from "node:fs"
import { cpus, release, type as osType } from "node:os"
import { isDeepStrictEqual } from "node:util"
import { Ajv } from "ajv"
import fastJson from "fast-json-stringify"
import { TypeCompiler } from "@sinclair/typebox/compiler"
import { Value } from "@sinclair/typebox/value"
import * as v from "valibot"
import { Json } from "sitelets"

const { Decode: decode, Deserialize: deserialize, Serialize: serialize } = Json
import { installedVersion as version } from "./common/environment.js"
import { type Contender, measure, type Result } from "./json-harness.js"
import { largePayloads } from "./json-large.js"
import { payloads } from "./json-payloads.js"

const ajv = new Ajv({ allErrors: false })
// ajv has no date-time format without ajv-formats; the peers check strings only.
ajv.addFormat("date-time", true)

const check = (ok: boolean, value: unknown): unknown => {
  if (!ok) throw new Error("validation failed")
  return value
}

const rows: string[] = []
/** The figures behind the table, for the Targets of `npm run bench` (bench/json-results.json). */
const figures: Array<{ payload: string; bytes: number; operation: string; results: readonly Result[] }> = []
const row = (payload: string, operation: string, results: readonly Result[], baseline: string, bytes = 0) => {
  figures.push({ payload, bytes, operation, results })
  const base = results.find((result) => result.name === baseline)
  if (base === undefined) throw new Error(`no baseline ${baseline}`)
  for (const result of results) {
    const us = (ns: number) => (ns / 1000).toFixed(2)
    rows.push(
      `| ${payload} | ${operation} | ${result.name} | ${us(result.median)} | ${us(result.best)} | ±${(result.spread * 50).toFixed(0)}% | ` +
        `${(result.median / base.median).toFixed(2)}× | ${(result.best / base.best).toFixed(2)}× |`,
    )
  }
}

for (const payload of payloads) {
  const value = payload.value as never
  const text = serialize(payload.descriptor, value)
  const fjs = fastJson(payload.jsonSchema as never)
  const validate = ajv.compile(payload.jsonSchema)
  const compiled = TypeCompiler.Compile(payload.typebox)
  // fast-json-stringify writes required properties before optional ones: compare values, not text.
  if (!isDeepStrictEqual(JSON.parse(fjs(value)), JSON.parse(text)))
    throw new Error(`fast-json-stringify disagrees on ${payload.name}`)

  const serializers: Contender[] = [
    { name: "sitelets Json.Serialize", call: () => serialize(payload.descriptor, value) },
    { name: "JSON.stringify", call: () => JSON.stringify(value) },
    { name: "fast-json-stringify", call: () => fjs(value) },
  ]
  row(payload.name, "serialize", measure(serializers), "JSON.stringify", text.length)

  const deserializers: Contender[] = [
    { name: "sitelets Json.Deserialize", call: () => deserialize(payload.descriptor, text) },
    // The general path Json.Deserialize falls back to (text with whitespace, other key orders, errors).
    { name: "sitelets Json.Decode(JSON.parse)", call: () => decode(payload.descriptor, JSON.parse(text)) },
    { name: "JSON.parse alone", call: () => JSON.parse(text) },
    {
      name: "JSON.parse + ajv (compiled)",
      call: () => {
        const parsed = JSON.parse(text)
        return check(validate(parsed), parsed)
      },
    },
    {
      name: "JSON.parse + typebox TypeCompiler",
      call: () => {
        const parsed = JSON.parse(text)
        return check(compiled.Check(parsed), parsed)
      },
    },
    {
      name: "JSON.parse + typebox Value.Check",
      call: () => {
        const parsed = JSON.parse(text)
        return check(Value.Check(payload.typebox, parsed), parsed)
      },
    },
    { name: "JSON.parse + zod 4", call: () => payload.zod.parse(JSON.parse(text)) },
    { name: "JSON.parse + valibot", call: () => v.parse(payload.valibot, JSON.parse(text)) },
  ]
  row(payload.name, "deserialize", measure(deserializers), "JSON.parse alone", text.length)
  console.error(`done: ${payload.name} (${text.length} bytes)`)
}

const sizes = payloads
  .map((payload) => `${payload.name} ${serialize(payload.descriptor, payload.value as never).length} B`)
  .join(", ")
console.log(
  `Machine: ${cpus()[0]?.model.trim()} (${cpus().length} cores, shared with other work), ${osType()} ${release()}, Node ${process.version}. Date: ${new Date().toISOString().slice(0, 16)}Z.`,
)
console.log(
  `Versions: fast-json-stringify ${version("fast-json-stringify")}, ajv ${version("ajv")}, @sinclair/typebox ${version("@sinclair/typebox")}, zod ${version("zod")}, valibot ${version("valibot")}.`,
)
console.log(
  `Payload sizes: ${sizes}. 11 interleaved rounds of ~30 ms of process CPU time per contender; median and best round, spread = ±(max−min)/2 of the rounds relative to the median; ratios are to JSON.stringify (serialize) or JSON.parse alone (deserialize), below 1 is faster.`,
)
console.log("")
console.log(
  "| payload | operation | contender | CPU µs/op median | CPU µs/op best | spread | ratio (median) | ratio (best) |",
)
console.log("|---|---|---|---:|---:|---:|---:|---:|")
for (const line of rows) console.log(line)
writeFileSync(
  "bench/json-results.json",
  `${JSON.stringify({ date: new Date().toISOString().slice(0, 16) + "Z", figures }, null, 2)}\n`,
)

// Issue 17: large payloads, sizes interleaved in this same process, and memory.
console.error("large payloads…")
const large = largePayloads()
console.log("")
console.log(
  "Large payloads: `User[]` of about 1 KB, 100 KB and 10 MB, every size measured in each of 7 interleaved rounds " +
    "(after the tables above, in the same process). Ratios are to JSON.stringify (serialize) or to JSON.parse plus " +
    "reviving the `joined` dates (deserialize: `Json.Deserialize` builds the Dates). Memory: one decode of each size " +
    "after two full collections; the heap right after the call (garbage included), and what the decoded value " +
    "still holds after two more.",
)
console.log("")
for (const line of large) console.log(line)
