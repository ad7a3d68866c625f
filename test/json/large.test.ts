/**
 * Long lists through the compiled codec: the serializer writes a long list
 * in flat chunks (src/json/write/serialize-compile.ts) and the fast reader builds
 * short lists as exact-size literals (src/json/read/read-compile.ts); the text
 * and the values must be exactly what the plain paths give.
 */
import { describe, expect, it } from "vitest"
import { Json, t } from "../../src/index.js"

const Item = t.record({ id: t.int, name: t.string, at: t.datetime, tags: t.list(t.string) })
const item = (id: number) => ({
  id,
  name: `name ${id}`,
  at: new Date(Date.UTC(2026, 0, 1) + id * 1000),
  tags: ["a", `t${id}`],
})

describe("long lists", () => {
  it("serializes a list far longer than one chunk to the same text as item by item", () => {
    const items = Array.from({ length: 20_000 }, (_, id) => item(id))
    const text = Json.Serialize(t.list(Item), items)
    expect(text.length).toBeGreaterThan(16_384 * 20)
    expect(text).toBe(`[${items.map((one) => Json.Serialize(Item, one)).join(",")}]`)
    expect(Json.Deserialize(t.list(Item), text)).toEqual(items)
  })

  it("serializes a list of long lists and a large map to the same text as JSON.stringify", () => {
    const lists = Array.from({ length: 3 }, (_, k) => Array.from({ length: 5000 }, (_, id) => k * 5000 + id))
    const text = Json.Serialize(t.list(t.list(t.int)), lists)
    expect(text).toBe(JSON.stringify(lists))
    expect(Json.Deserialize(t.list(t.list(t.int)), text)).toEqual(lists)
    const map = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`key ${i}`, [i, i + 1]]))
    const mapText = Json.Serialize(t.map(t.list(t.int)), map)
    expect(mapText.length).toBeGreaterThan(16_384 * 5)
    expect(mapText).toBe(JSON.stringify(map))
    expect(Json.Deserialize(t.map(t.list(t.int)), mapText)).toEqual(map)
  })

  it("reads lists of every short length (0 to 70) as ordinary, growable arrays", () => {
    for (let length = 0; length <= 70; length++) {
      const list = Array.from({ length }, (_, i) => i * 3)
      const read = Json.Deserialize(t.list(t.int), JSON.stringify(list))
      expect(read).toEqual(list)
      expect(Array.isArray(read)).toBe(true)
      read.push(-1)
      expect(read.length).toBe(length + 1)
    }
  })

  it("reads a bad item after the third as a precise error, not a partial list", () => {
    expect(() => Json.Deserialize(t.list(t.int), "[1,2,3,4,x]")).toThrowError(/\$/)
  })
})
