/**
 * The Deploying section of docs/hosting.md shows each file of examples/deploy/
 * exactly as it is run by the tests (a copy-paste snippet that works).
 */
import { readdirSync, readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"

const readme = readFileSync(new URL("../../docs/hosting.md", import.meta.url), "utf8")
const folder = new URL("../../examples/deploy/", import.meta.url)
const snippets = readdirSync(folder).filter(
  (file) => file.endsWith(".ts") && file !== "site.ts" && !file.endsWith(".d.ts"),
)

describe("docs/hosting.md, Deploying", () => {
  it.each(snippets)("shows examples/deploy/%s verbatim", (file) => {
    const body = readFileSync(new URL(file, folder), "utf8").trimEnd()
    expect(readme).toContain("```ts\n" + body + "\n```")
  })
  it("shows the part of site.ts every snippet uses", () => {
    const site = readFileSync(new URL("site.ts", folder), "utf8")
    const secretsFrom = site.slice(site.indexOf("export function secretsFrom")).trimEnd()
    expect(readme).toContain(secretsFrom)
  })
})
