import fc from "fast-check"
import { describe, expect, test } from "vitest"
import Ajv2020 from "ajv/dist/2020.js"
import type { Descriptor } from "../../src/descriptor/descriptor.js"
import { t } from "../../src/descriptor/t.js"
import { Json } from "../../src/json/codec/json-namespace.js"
import { jsonMessages } from "../../src/json/messages.js"
import * as descriptorMessages from "../../src/descriptor/messages.js"
import { arbitraryOf } from "../support/arbitrary.js"
import { fixtures } from "./fixtures.js"

const runs = { numRuns: Number(process.env.FC_NUM_RUNS ?? 100) }
// A real validator of the 2020-12 dialect, strict: an unknown keyword in our schemas is an error. Formats are
// annotations here (no ajv-formats): the patterns carry the checks.
// ownProperties: a record field named like a member of Object.prototype (toString) is read only as an own key.
const ajv = new Ajv2020({ strict: true, validateFormats: false, allowUnionTypes: true, ownProperties: true })

/** Replaces one node of a JSON value (chosen by `pick`) with `replacement`. */
function mutate(value: unknown, pick: number, replacement: unknown): unknown {
  const nodes: Array<{ parent: Record<string, unknown> | unknown[]; key: string | number }> = []
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach((item, index) => (nodes.push({ parent: node, key: index }), walk(item)))
    else if (typeof node === "object" && node !== null)
      for (const key of Object.keys(node))
        nodes.push({ parent: node as Record<string, unknown>, key }), walk((node as Record<string, unknown>)[key])
  }
  walk(value)
  if (nodes.length === 0) return replacement
  const { parent, key } = nodes[pick % nodes.length] as (typeof nodes)[number]
  ;(parent as Record<string | number, unknown>)[key] = replacement
  return value
}

const replacements = ["x", 1.5, -1, true, null, [], {}, "2026-13-01", 2 ** 60, { $: "Nope" }]

describe.each(fixtures)("JSON Schema of %s", (_name, descriptor: Descriptor) => {
  const schema = Json.Schema(descriptor)
  const validate = ajv.compile(schema)
  const values = arbitraryOf(descriptor)

  test("validates what Json.Serialize writes", () => {
    fc.assert(
      fc.property(values, (x) => {
        const json: unknown = JSON.parse(Json.Serialize(descriptor, x))
        expect(validate(json), JSON.stringify(validate.errors)).toBe(true)
      }),
      runs,
    )
  })

  test("refuses what Json.Deserialize refuses (one node replaced)", () => {
    fc.assert(
      fc.property(values, fc.nat(), fc.constantFrom(...replacements), (x, pick, replacement) => {
        const mutated = mutate(JSON.parse(Json.Serialize(descriptor, x)), pick, structuredClone(replacement))
        let refused = false
        try {
          Json.Decode(descriptor, mutated)
        } catch {
          refused = true
        }
        if (refused) expect(validate(mutated), JSON.stringify(mutated)).toBe(false)
      }),
      runs,
    )
  })
})

describe("Json.Schema", () => {
  test("is the 2020-12 dialect, with recursion through $defs and the union's tag", () => {
    const Tree = fixtures.find(([name]) => name === "Tree")?.[1] as Descriptor
    const schema = Json.Schema(Tree)
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema")
    expect(Object.keys(schema.$defs as object)).toEqual(["Lazy1"])
    const Shape = fixtures.find(([name]) => name === "Shape")?.[1] as Descriptor
    expect(JSON.stringify(Json.Schema(Shape))).toContain('"kind":{"const":"Circle"}')
  })

  test("is read through Standard JSON Schema, for the one target it writes", () => {
    const list = t.list(t.int)
    expect(list["~standard"].jsonSchema.output({ target: "draft-2020-12" })).toEqual(Json.Schema(list))
    expect(list["~standard"].jsonSchema.input({ target: "draft-2020-12" })).toEqual(Json.Schema(list))
    expect(() => list["~standard"].jsonSchema.output({ target: "draft-07" })).toThrow(
      descriptorMessages.unsupportedSchemaTarget("draft-07"),
    )
  })

  test("has no JSON form for t.file", () => {
    expect(() => Json.Schema(t.record({ f: t.file }))).toThrow(jsonMessages.fileNotJson)
  })
})
