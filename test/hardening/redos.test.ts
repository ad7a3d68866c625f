import { describe, expect, it } from "vitest"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import ts from "typescript"
import { check } from "recheck"

/** Every regular-expression literal and `new RegExp("…")` in src/, with where it is. */
function regexesInSource(dir: string): { where: string; source: string; flags: string }[] {
  const out: { where: string; source: string; flags: string }[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts")) continue
    const path = join(entry.parentPath, entry.name)
    const file = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node) => {
      const where = `${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
      if (ts.isRegularExpressionLiteral(node)) {
        const text = node.text
        const end = text.lastIndexOf("/")
        out.push({ where, source: text.slice(1, end), flags: text.slice(end + 1) })
      } else if (ts.isNewExpression(node) && node.expression.getText() === "RegExp") {
        const first = node.arguments?.[0]
        // A RegExp built from data at run time cannot be checked here: fail so someone looks at it.
        out.push(
          first && ts.isStringLiteral(first)
            ? { where, source: first.text, flags: "" }
            : { where, source: "<dynamic>", flags: "" },
        )
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
  return out
}

/**
 * Files whose regexes never see request data, with the reason. Their
 * patterns are still checked, and must stay listed here to be tolerated.
 */
const offRequestPath = new Map([
  [
    "src/sitelet/html/html-template.ts",
    "runs on the literal strings of html`…` templates in the application's code, never on request data",
  ],
])

describe("ReDoS (RELIABILITY A1, 3.2)", () => {
  const found = regexesInSource("src")
  it("finds the regexes the library ships", () => {
    expect(found.length).toBeGreaterThan(5)
  })
  it.each(found.map((r) => [r.where, r] as const))("%s is linear (recheck)", async (_where, r) => {
    expect(r.source).not.toBe("<dynamic>")
    const result = await check(r.source, r.flags.replace("g", ""), { timeout: 20_000 })
    const file = r.where.slice(0, r.where.lastIndexOf(":"))
    if (result.status !== "safe" && offRequestPath.has(file)) return
    expect(result.status, `${r.where}: /${r.source}/${r.flags}`).toBe("safe")
  })
})
