import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { BodyBytes } from "../../src/host/body-bytes.js"

describe("BodyBytes", () => {
  it("gives back the chunks' bytes in order, in a buffer never larger than the limit (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 40 }), (chunks) => {
        const total = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0)
        const limit = total + 7
        const body = new BodyBytes(limit)
        for (const chunk of chunks) body.add(chunk)
        const expected = new Uint8Array(total)
        let at = 0
        for (const chunk of chunks) {
          expected.set(chunk, at)
          at += chunk.byteLength
        }
        expect(body.bytes()).toEqual(expected)
        if (chunks.filter((chunk) => chunk.byteLength > 0).length > 1)
          expect(body.bytes().buffer.byteLength).toBeLessThanOrEqual(Math.max(limit, 0))
      }),
      { numRuns: Number(process.env.FC_NUM_RUNS ?? 100) },
    )
  })

  it("keeps a body of one chunk as it came, without a copy", () => {
    const chunk = new Uint8Array([1, 2, 3])
    const body = new BodyBytes(10)
    body.add(chunk)
    expect(body.bytes()).toBe(chunk)
  })
})
