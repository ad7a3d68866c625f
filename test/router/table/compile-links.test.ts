/**
 * `Router.CompileLinks`: the links of a declaration written ahead of time,
 * read through `CompiledLinks`. Checked against `sitelets/link`'s
 * `Router.Infer` over every URL shape of the fixture union: the same URL
 * for every value it links, and the same `LinkError` (field and reason)
 * for every value it refuses.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { fileURLToPath, pathToFileURL } from "node:url"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Router as Full } from "../../../src/router/table/compile-entry.js"
import { CompiledLinks, type CompiledLinkModule, LinkError, Router } from "../../../src/link/index.js"
import { linkMessages } from "../../../src/router/link/link-messages.js"
import type { Site as SiteValue } from "../../fixtures/site.js"
import { Site, siteCases } from "../../fixtures/site.js"
import { arbitraryOf } from "../../support/arbitrary.js"

// Written in the repository (ignored by git), where the tests' alias resolves its `sitelets/link` to the sources.
const folder = fileURLToPath(new URL("./.compiled/", import.meta.url))
mkdirSync(folder, { recursive: true })
const file = `${folder}site.links.js`
writeFileSync(file, Full.CompileLinks(Full.Infer(Site)))
const compiled = (await import(pathToFileURL(file).href)) as CompiledLinkModule
const links = CompiledLinks<SiteValue>(compiled)
const reference = Router.Infer(Site)

/** A link's outcome: its URL, or the LinkError's field and reason. */
function outcome(link: () => unknown): unknown {
  try {
    return link()
  } catch (error) {
    if (error instanceof LinkError) return { field: error.field, reason: error.reason }
    throw error
  }
}

describe("compiled links", () => {
  it("write the links of the shared table", () => {
    for (const { value, url } of siteCases) expect(links.Link(value)).toBe(url)
  })

  it("write what Router.Infer's link writer writes, for every value of the fixture union (property)", () => {
    fc.assert(
      fc.property(arbitraryOf(Site), (value) => {
        expect(outcome(() => links.Link(value))).toEqual(outcome(() => reference.Link(value)))
        // The path a composition reads (segments, query, method, a form body), or the same refusal; a JSON body is
        // the typed client's to write (it has the codec), so a compiled path carries none.
        const path = outcome(() => reference.link(value)) as { body?: { kind: string } } | undefined
        const { body, ...rest } = path ?? {}
        const expected = path === undefined ? undefined : body?.kind === "json" ? rest : path
        expect(outcome(() => links.link(value))).toEqual(expected)
      }),
      { numRuns: 2000 },
    )
  })

  it("refuse what it refuses, with the same LinkError: wrong types, unknown cases, values no URL carries", () => {
    const refused: unknown[] = [
      { $: "Nope" },
      { $: "Article", id: 1.5, slug: "a" },
      { $: "Article", id: "1", slug: "a" },
      { $: "Article", id: 1, slug: ".." },
      { $: "Article", id: 1, slug: "" },
      { $: "Archive", day: new Date(Number.NaN) },
      { $: "Files", path: "a//b" },
      { $: "Numbers", values: "1" },
      { $: "Enum", access: 3 },
      { $: "Lists", ints: [1, "2"], names: [] },
      { $: "Pair", pair: [1], point: { x: 1, y: Number.POSITIVE_INFINITY } },
      { $: "Math", expr: { $: "Add", left: { $: "Num", n: 1 }, right: { $: "Sub" } } },
      { $: "Blog", sub: { $: "Post", id: 2 ** 60 } },
      { $: "Mixed", id: 1, q: "a", tags: "x", big: 1n },
      { $: "Search", q: "\ud800" },
    ]
    for (const value of refused) {
      const expected = outcome(() => reference.Link(value as never))
      expect(expected).toMatchObject({ reason: expect.any(String) })
      expect(outcome(() => links.Link(value as never))).toEqual(expected)
    }
  })

  it("is refused for anything but a compiled links module", () => {
    expect(() => CompiledLinks({} as CompiledLinkModule)).toThrow(linkMessages.notCompiledLinks)
  })
})
