import { readdirSync, readFileSync } from "node:fs"
import { describe, expect, test } from "vitest"
import type { Descriptor } from "../../../src/descriptor/descriptor.js"
import { t } from "../../../src/descriptor/t.js"
import { activatorOf } from "../../../src/json/codec/activate-compile.js"
import { decoderOf } from "../../../src/json/decode/decode-compile.js"
import { encoderOf } from "../../../src/json/write/encode-compile.js"
import { readerOf } from "../../../src/json/read/read-compile.js"
import { writerOf } from "../../../src/json/write/serialize-compile.js"
import { compiler } from "../../../src/json/shape.js"
import { Event, Tree, User } from "../fixtures.js"

describe("compilation", () => {
  test("each descriptor compiles once: the same closure comes back", () => {
    for (const compile of [decoderOf, writerOf, encoderOf, activatorOf, readerOf] as const) {
      for (const d of [User, Event, Tree, t.list(t.int)] as Descriptor[]) expect(compile(d)).toBe(compile(d))
    }
  })

  test("a compiler that compiles to undefined (the fast reader's 'general path only') compiles once too", () => {
    let builds = 0
    const compile = compiler(() => void builds++)
    for (const d of [User, Event, User, Event, User] as Descriptor[]) compile(d)
    expect(builds).toBe(2)
  })

  test("mutually recursive descriptors compile without looping (t.lazy compiles on first call)", () => {
    const A: Descriptor = t.record({ b: t.option(t.lazy((): Descriptor => B)) })
    const B: Descriptor = t.record({ a: t.option(t.lazy((): Descriptor => A)) })
    expect(writerOf(A)({ b: { a: { b: {} } } }, 0, { maxDepth: 64, maxBigIntDigits: 1000 })).toBe(
      '{"b":{"a":{"b":{}}}}',
    )
  })

  test("a lazy descriptor that is not yet defined fails at first use, not at compile time", () => {
    let Later: Descriptor | undefined
    const Early = t.list(t.lazy(() => Later as Descriptor))
    const decode = decoderOf(Early)
    Later = t.int
    expect(decode([1], 0, { maxDepth: 64, maxBigIntDigits: 1000 })).toEqual([1])
  })

  test("no eval or new Function anywhere in the JSON module (it must run under a strict CSP)", () => {
    const dir = new URL("../../../src/json/", import.meta.url)
    // Its rooms too (the reader, the writer, the decoders, the codec).
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".ts"))
    expect(files.length).toBeGreaterThan(20)
    for (const file of files) {
      const text = readFileSync(new URL(file, dir), "utf8")
      expect(text, file).not.toMatch(/\bnew Function\b|\beval\s*\(/)
    }
  })
})
