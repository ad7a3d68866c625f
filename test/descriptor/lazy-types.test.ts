import { describe, expect, expectTypeOf, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import type { Infer, RecordDescriptor } from "../../src/descriptor/descriptor.js"
import { Json } from "../../src/json/codec/json-namespace.js"

// The pattern the README shows for recursive types.
interface Tree {
  value: number
  children: Tree[]
}
const Tree: RecordDescriptor<any, Tree> = t.record({
  value: t.int,
  children: t.list(t.lazy<Tree>(() => Tree)),
})

describe("recursive descriptors", () => {
  it("type and encode through t.lazy", () => {
    expectTypeOf<Infer<typeof Tree>>().toEqualTypeOf<Tree>()
    const value: Tree = { value: 1, children: [{ value: 2, children: [] }] }
    expect(Json.Deserialize(Tree, Json.Serialize(Tree, value))).toEqual(value)
  })
})
