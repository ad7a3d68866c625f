/**
 * Every `ts` block of the README and of the documentation pages (`docs/*.md`)
 * type-checks under `strict`, against the
 * built package (`sitelets` resolves to `dist/`, as for a user), in one
 * program. A block that is a fragment says so in an HTML comment right
 * above it, which the reader does not see:
 *
 * - `<!-- snippet: fragment -->`: the root package's names are imported
 *   for it (those it does not import itself);
 * - `<!-- snippet: fragment: <code> -->`: and `<code>` declares what the
 *   fragment refers to (`declare const site: Sitelet<any>`);
 * - `<!-- snippet: expect-error: <text> -->`: the block must fail to
 *   compile with a message containing `<text>`;
 * - `<!-- snippet: skip: <reason> -->`: not compiled (an API listing with
 *   placeholders, or a file compiled where it lives).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import ts from "typescript"
import { describe, expect, it } from "vitest"
import { notBuilt } from "../package/packed.js"
import { checkWith } from "../support/compilers.js"

const root = new URL("../..", import.meta.url).pathname
// The README and every documentation page, by name (`README`, `docs/hosting`).
const documents = [
  "README.md",
  ...readdirSync(`${root}docs`)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => `docs/${file}`),
].map((file) => ({ name: file.replace(/\.md$/, ""), text: readFileSync(`${root}${file}`, "utf8") }))
// In node_modules, so the blocks' own imports (hono, zod, express) resolve as in a user's project.
const folder = `${root}node_modules/.cache/readme-snippets/`

/** The options every compiler checks the blocks with (tsconfig JSON form): a user's strict project. */
const compilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  target: "ES2022",
  module: "ESNext",
  moduleResolution: "Bundler",
  lib: ["ES2023", "DOM", "DOM.Iterable"],
  types: ["node"],
  typeRoots: [`${root}node_modules/@types`],
  skipLibCheck: true,
  noEmit: true,
  paths: {
    sitelets: [`${root}dist/index.d.ts`],
    "sitelets/node": [`${root}dist/host/node/index.d.ts`],
    "sitelets/compile": [`${root}dist/router/table/compile-entry.d.ts`],
    "sitelets/client": [`${root}dist/client/index.d.ts`],
    "sitelets/redis": [`${root}dist/redis/index.d.ts`],
    "sitelets/cloudflare": [`${root}dist/cloudflare/index.d.ts`],
    "sitelets/otel": [`${root}dist/otel/index.d.ts`],
    "sitelets/mcp": [`${root}dist/mcp/index.d.ts`],
  },
}

/** The names of the root package a fragment gets, unless it imports them itself. */
const rootNames = [
  "t",
  "Json",
  "FormData",
  "Query",
  "Header",
  "Cookie",
  "EndPoint",
  "Method",
  "Name",
  "NamedUnionCases",
  "Wildcard",
  "DateTimeFormat",
  "Returns",
  "Responds",
  "MaxBytes",
  "NoBody",
  "Media",
  "Sitelet",
  "Content",
  "Html",
  "html",
  "Http",
  "Router",
  "Cors",
  "Fetch",
  "AsyncApi",
  "Application",
  "safeReturnPath",
  "type Infer",
  "type Context",
]

interface Block {
  /** The document it is in (`README`, `docs/hosting`). */
  readonly document: string
  readonly line: number
  readonly code: string
  readonly marker: string | undefined
}

function blocksOf(document: string, text: string): Block[] {
  const blocks: Block[] = []
  const fence = /```ts\n([\s\S]*?)```/g
  for (let match = fence.exec(text); match !== null; match = fence.exec(text)) {
    const before = text.slice(0, match.index)
    // The line right above the fence (an indented fence, in a list item, starts after its indent).
    const above = before.replace(/[ \t]*$/, "").slice(0, -1)
    const last = above.slice(above.lastIndexOf("\n") + 1)
    const marker = /^\s*<!-- snippet: (.*) -->$/.exec(last)?.[1]
    // The README line of the block's first line of code.
    blocks.push({ document, line: before.split("\n").length + 1, code: match[1]!, marker })
  }
  return blocks
}

/** What a block imports from "sitelets" itself, values or types (those names are not added again). */
function importedNames(code: string): Set<string> {
  const names = new Set<string>()
  for (const match of code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"sitelets(?:\/client|\/node)?"/g)) {
    for (const name of match[1]!.split(",")) names.add(name.trim().replace(/^type\s+/, ""))
  }
  return names
}

function source(block: Block): string {
  const marker = block.marker ?? ""
  const fragment = marker.startsWith("fragment") || marker.startsWith("expect-error")
  if (!fragment) return `${block.code}\nexport {}\n`
  const own = importedNames(block.code)
  const names = rootNames.filter((name) => !own.has(name.replace(/^type\s+/, "")))
  const declarations = marker.startsWith("fragment:") ? marker.slice("fragment:".length).trim() : ""
  // One line of preamble, so README lines map back with a fixed offset.
  return `import { ${names.join(", ")} } from "sitelets"; ${declarations.replace(/\n/g, " ")}\n${block.code}\nexport {}\n`
}

/** A block's file name in the checked program, and where a reader finds it. */
const fileOf = (block: Block) => `${block.document.replace(/\//g, "-")}-line-${block.line}.ts`
const placeOf = (block: Block, line = block.line) => `${block.document}.md line ${line}`

describe("README and docs code blocks", () => {
  const blocks = documents.flatMap((document) => blocksOf(document.name, document.text))
  const compiled = blocks.filter((block) => !block.marker?.startsWith("skip:"))

  it("are all marked or self-contained; the few not compiled here are listings or files compiled where they live", () => {
    expect(blocks.length).toBeGreaterThan(50)
    const notFiles = blocks.filter((block) => block.marker?.startsWith("skip:") && !block.marker.includes("examples/"))
    expect(notFiles.map(placeOf).length).toBeLessThanOrEqual(2)
    for (const block of blocks) {
      const marker = block.marker
      if (marker !== undefined) expect(marker, placeOf(block)).toMatch(/^(fragment|expect-error:|skip:)/)
    }
  })

  it("type-check under strict against the built package", () => {
    try {
      readFileSync(`${root}dist/index.d.ts`)
    } catch {
      throw new Error(notBuilt)
    }
    rmSync(folder, { recursive: true, force: true })
    mkdirSync(folder, { recursive: true })
    const files = compiled.map((block) => {
      const file = `${folder}${fileOf(block)}`
      writeFileSync(file, source(block))
      return { file, block }
    })
    const { options } = ts.convertCompilerOptionsFromJson(compilerOptions, folder)
    const program = ts.createProgram(
      files.map(({ file }) => file),
      options,
    )
    const problems: string[] = []
    for (const { file, block } of files) {
      const diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(file))
      const messages = diagnostics.map((diagnostic) => {
        const at =
          diagnostic.file && diagnostic.start !== undefined
            ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line
            : 0
        const offset = block.marker?.startsWith("fragment") || block.marker?.startsWith("expect-error") ? 1 : 0
        return `${placeOf(block, block.line + at - offset)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`
      })
      const expected = block.marker?.startsWith("expect-error:")
        ? block.marker.slice("expect-error:".length).trim()
        : undefined
      if (expected === undefined) problems.push(...messages)
      else if (!messages.some((message) => message.includes(expected))) {
        problems.push(`${placeOf(block)}: expected an error containing "${expected}", got ${JSON.stringify(messages)}`)
      }
    }
    expect(problems).toEqual([])
  }, 60_000)

  // The same blocks on TypeScript 6.0 and 7.0 (the native compiler has no JS API in its stable surface: its CLI).
  it.each(["6.0", "7.0"] as const)(
    "type-check the same way on TypeScript %s (its command line)",
    (compiler) => {
      const files = Object.fromEntries(compiled.map((block) => [fileOf(block), source(block)]))
      const { byFile, status } = checkWith(compiler, `${folder.slice(0, -1)}-${compiler}/`, files, compilerOptions)
      const problems: string[] = []
      for (const block of compiled) {
        const messages = (byFile.get(fileOf(block)) ?? []).map(({ line, text }) => `${line}: ${text}`)
        const expected = block.marker?.startsWith("expect-error:")
          ? block.marker.slice("expect-error:".length).trim()
          : undefined
        if (expected === undefined) problems.push(...messages.map((message) => `${placeOf(block)}+${message}`))
        // The sentence on the first line of the diagnostic, as on 5.9.
        else if (!messages.some((message) => message.includes(expected)))
          problems.push(`${placeOf(block)}: expected "${expected}" on a first line, got ${JSON.stringify(messages)}`)
      }
      expect(problems).toEqual([])
      expect(status === 0 || problems.length === 0).toBe(true)
    },
    60_000,
  )
})
