/**
 * Strings cut from a JSON text (src/json/read/own-string.ts): always the exact
 * characters, whatever the recent table holds (equal hashes, evictions,
 * lengths at every threshold), and a decoded value never keeps its text
 * alive (a long string is a copy, not a view into the body), from a short
 * text or from one long enough to share its short strings.
 */
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import fc from "fast-check"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { Json, t } from "../../../src/index.js"
import { ownString, shareShortStrings } from "../../../src/json/read/own-string.js"

const numRuns = Number(process.env.FC_NUM_RUNS ?? 100)

describe("ownString", () => {
  // Sharing is on for long texts only (the reader sets it per text); these tests turn it on themselves.
  beforeEach(() => shareShortStrings(true))
  afterEach(() => shareShortStrings(false))

  it("gives exactly text.slice(start, end) for any range, sharing or not", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60, unit: "grapheme" }),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        (text, a, b, on) => {
          shareShortStrings(on)
          const start = Math.min(a, b) % (text.length + 1)
          const end = Math.min(text.length, start + (Math.max(a, b) % 40))
          expect(ownString(text, start, end)).toBe(text.slice(start, end))
        },
      ),
      { numRuns },
    )
  })

  it("tells apart short strings that share a slot (same length, first, middle and last characters)", () => {
    // Each pair collides in the hash; the full comparison must still tell them apart, in both orders.
    const pairs = [
      ["abcde", "axcye"],
      ["Lagos", "Lxgos"],
      ["0123456789", "0x23456789"],
    ]
    for (const [one, other] of pairs as [string, string][]) {
      const text = `${one}|${other}|${one}`
      expect(ownString(text, 0, one.length)).toBe(one)
      expect(ownString(text, one.length + 1, one.length + 1 + other.length)).toBe(other)
      expect(ownString(text, 2 * one.length + 2, 3 * one.length + 2)).toBe(one)
    }
    expect(ownString("", 0, 0)).toBe("")
  })

  it("keeps every length threshold (10, 12, 13, 24, 25 and long) exact", () => {
    const text = "x".repeat(5) + Array.from({ length: 100 }, (_, i) => String.fromCharCode(65 + (i % 26))).join("")
    for (const length of [0, 1, 10, 11, 12, 13, 14, 24, 25, 26, 99])
      expect(ownString(text, 5, 5 + length)).toBe(text.slice(5, 5 + length))
  })
})

describe("decoded values hold their own strings", () => {
  it("a long string decoded from a large text does not keep the text alive", () => {
    setFlagsFromString("--expose-gc")
    const gc = runInNewContext("gc") as () => void
    const Item = t.record({ note: t.string, tag: t.string })
    const heap = () => {
      gc()
      gc()
      return process.memoryUsage().heapUsed
    }
    const before = heap()
    // 8 MB of text; the kept value is one record with a 40-character and a 5-character string.
    const decoded = (() => {
      const padding = "p".repeat(8_000_000)
      const items = Json.Deserialize(
        t.list(Item),
        Json.Serialize(t.list(Item), [
          { note: "a string long enough to be a view: 40 ch", tag: "short" },
          { note: padding, tag: "x" },
        ]),
      )
      return items[0]
    })()
    const kept = heap() - before
    expect(decoded).toEqual({ note: "a string long enough to be a view: 40 ch", tag: "short" })
    // A view into the text would hold all 8 MB (16 MB as the serialized text's copy).
    expect(kept).toBeLessThan(1_000_000)
  })
})
