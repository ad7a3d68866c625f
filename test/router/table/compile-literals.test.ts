/**
 * The compiled table's literal hash: for a segment of many literals, a
 * perfect hash of its length and two characters finds the one literal it
 * may be, and a compare in place says whether it is; a table built on it
 * routes as the runtime router does.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import fc from "fast-check"
import { afterAll, describe, expect, it } from "vitest"
import { t } from "../../../src/descriptor/t.js"
import { literalHash } from "../../../src/router/table/compile-literals.js"
import { Router } from "../../../src/router/table/compile-entry.js"
import type { CompiledTable } from "../../../src/router/compiled-table.js"

const folder = mkdtempSync(join(tmpdir(), "sitelets-literals-"))
afterAll(() => rmSync(folder, { recursive: true, force: true }))
let written = 0

async function load<T>(source: string): Promise<T> {
  const file = join(folder, `module-${written++}.mjs`)
  writeFileSync(file, source)
  return (await import(pathToFileURL(file).href)) as T
}

// Literals over a small alphabet, so many share their length and characters.
const literal = fc.string({ unit: fc.constantFrom("a", "b", "e", "-", "1"), minLength: 1, maxLength: 7 })
const literals = fc.uniqueArray(literal, { minLength: 17, maxLength: 60 })

describe("literalHash", () => {
  it("finds each literal's index and -1 for any other segment, or declines (property)", async () => {
    let hashed = 0
    await fc.assert(
      fc.asyncProperty(literals, fc.array(literal, { maxLength: 30 }), async (words, others) => {
        const source = literalHash("L", words)
        if (source === undefined) return
        hashed++
        const { L } = await load<{ L: (t: string, s: number, e: number) => number }>(`${source}export { L }\n`)
        words.forEach((word, i) => {
          // The segment inside a target: after a slash, before a slash or the end.
          expect(L(`/${word}/x`, 1, word.length + 1), word).toBe(i)
          expect(L(`/x/${word}`, 3, word.length + 3), word).toBe(i)
        })
        for (const other of others) expect(L(`/${other}`, 1, other.length + 1), other).toBe(words.indexOf(other))
      }),
      { numRuns: 60 },
    )
    expect(hashed).toBeGreaterThan(30)
  })

  it("declines literals its family cannot tell apart (a map lookup does)", () => {
    const alike = Array.from({ length: 20 }, (_, i) => `aaaa${String.fromCharCode(97 + i)}aaaaaaa`)
    expect(literalHash("L", alike)).toBeUndefined()
  })

  it("routes a table of many literals at one segment as the runtime router does", async () => {
    await fc.assert(
      fc.asyncProperty(literals, fc.array(fc.tuple(literal, fc.nat(3)), { maxLength: 20 }), async (words, probes) => {
        const cases = Object.fromEntries(words.map((word, i) => [`C${i}`, `GET /${word}/<n:int>`]))
        const runtime = Router.Infer(t.union(cases))
        const compiled = await load<CompiledTable>(Router.Compile(runtime))
        const fast = Router.Infer(t.union(cases), { compiled })
        const targets = [...words.map((word) => `/${word}/7`), ...probes.map(([word, n]) => `/${word}/${n}`)]
        for (const target of targets) expect(fast.Match("GET", target), target).toEqual(runtime.Match("GET", target))
      }),
      { numRuns: 40 },
    )
  })
})
