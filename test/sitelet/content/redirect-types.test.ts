/**
 * A redirect (or link) to a case the site does not have is a compile error
 * at the argument that names the tag and suggests the nearest one, as
 * `Link` does: the redirect's endpoint type comes from the handler's
 * expected content, never from the argument (`NoInfer`).
 */
import { describe, expect, it } from "vitest"
import { diagnosticsOf, root } from "../../support/compile.js"

const source = `
import { Content, Sitelet, t } from "${root}src/index.js"
const Site = t.union({ Home: "GET /", BySlug: "GET /blog/<slug>" })
export const site = Sitelet.Infer(Site, {
  Home: () => Content.RedirectPermanent({ $: "BySlugX", slug: "a" }),
  BySlug: (ctx) => Content.Text(ctx.Link({ $: "BySlugX", slug: "a" })),
})
export const fine = Sitelet.Infer(Site, {
  Home: () => Content.RedirectSeeOther({ $: "BySlug", slug: "a" }),
  BySlug: async () => Content.RedirectTemporary({ $: "Home" }),
})
`

describe("redirects to an unknown case", () => {
  it("are compile errors naming the tag, at the argument", () => {
    const diagnostics = diagnosticsOf("redirect-types", source).map(({ line, code, message }) => ({
      line,
      code,
      message,
    }))
    const expected = `Type '"BySlugX"' is not assignable to type '"Home" | "BySlug"'. Did you mean '"BySlug"'?`
    expect(diagnostics).toEqual([
      { line: 4, code: 2820, message: expected },
      { line: 5, code: 2820, message: expected },
    ])
  }, 60_000)
})
