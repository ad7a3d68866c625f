/**
 * Runs `tsc --extendedDiagnostics` over a generated app and reads the
 * checker's figures. Instantiation and type counts are exact (the same on
 * every run), so the budget gate can assert on them; times and memory are
 * printed for information only.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { generateApp, type AppOptions } from "./generate-app.js"
import { generateMixedApp } from "./generate-mixed-app.js"

/**
 * The checker's figures for one generated app.
 *
 * @example
 * ```ts
 * const cost: TypeCost = measureTypeCost(200, { links: true, handlers: true })
 * cost.instantiations //=> an exact count, e.g. 70598
 * ```
 */
export interface TypeCost {
  readonly routes: number
  readonly instantiations: number
  readonly types: number
  readonly checkTimeSeconds: number
  readonly memoryKilobytes: number
  /** Every diagnostic line tsc printed (should be none). */
  readonly errors: readonly string[]
}

/**
 * The repository root: generated apps import sitelets from its `src/`.
 *
 * @example
 * ```ts
 * join(root, "src") //=> "/…/sitelets/src"
 * ```
 */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..")
/**
 * The compilers type cost is measured with: the project's TypeScript 5.9
 * and TypeScript 7 (the native compiler, npm's `latest`, as the dev
 * dependency `typescript-7`), the latter single-threaded (`7.0`) or with
 * its default parallel checkers (`7.0-parallel`). A parallel checker
 * instantiates again, for the files it checks, the types another checker
 * already built (the union a client module links against): the counts of
 * the parallel run hold that duplicate work, the single-threaded ones are
 * comparable with 5.9's (see BENCHMARKS.md). Each has its own budget.
 *
 * @example
 * ```ts
 * measureTypeCost(200, { links: true, handlers: true }, "7.0")
 * ```
 */
export type Compiler = "5.9" | "7.0" | "7.0-parallel"

const compilers: Readonly<Record<Compiler, readonly string[]>> = {
  "5.9": [join(root, "node_modules/typescript/bin/tsc")],
  "7.0": [join(root, "node_modules/typescript-7/bin/tsc"), "--singleThreaded"],
  "7.0-parallel": [join(root, "node_modules/typescript-7/bin/tsc")],
}

/**
 * The compiler options every type-cost measurement checks with (tsconfig
 * JSON form): the project's strictness, no emit, no ambient `@types`. The
 * editor-latency run converts the same object for its language service.
 *
 * @example
 * ```ts
 * JSON.stringify({ compilerOptions: checkerOptions, files: ["app.ts"] })
 * ```
 */
export const checkerOptions = {
  target: "ES2022",
  lib: ["ES2023", "DOM"],
  module: "ESNext",
  moduleResolution: "Bundler",
  strict: true,
  noUncheckedIndexedAccess: true,
  verbatimModuleSyntax: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
} as const

function figure(output: string, label: string): number {
  const line = output.split("\n").find((text) => text.startsWith(`${label}:`))
  if (line === undefined) throw new Error(`tsc printed no '${label}' line:\n${output}`)
  return Number.parseFloat(line.slice(label.length + 1).trim())
}

/**
 * Type-checks an app of `routes` generated cases in a fresh temp directory.
 *
 * @example
 * ```ts
 * measureTypeCost(200, { links: true, handlers: true }).instantiations //=> an exact count
 * ```
 */
export function measureTypeCost(routes: number, options: AppOptions, compiler: Compiler = "5.9"): TypeCost {
  return checkFiles(routes, { "app.ts": generateApp(routes, join(root, "src"), options) }, compiler)
}

/**
 * Type-checks the mixed app of issue 17 (five shapes, extras, async
 * handlers, a client module of links) with `routes` cases.
 *
 * @example
 * ```ts
 * measureMixedTypeCost(300).instantiations //=> an exact count
 * ```
 */
export function measureMixedTypeCost(routes: number, compiler: Compiler = "5.9"): TypeCost {
  return checkFiles(routes, generateMixedApp(routes, join(root, "src")), compiler)
}

/**
 * The type cost of a JSX page of `items` list items, each two elements
 * (`<li class=…><a href={…}>{text}</a></li>`) and a component call every
 * tenth: the slope between two sizes is the cost per element.
 *
 * @example
 * ```ts
 * marginalPerRoute(measureJsxTypeCost(100), measureJsxTypeCost(500)) / 2 // instantiations per element
 * ```
 */
export function measureJsxTypeCost(items: number, compiler: Compiler = "5.9"): TypeCost {
  const lines = Array.from({ length: items }, (_, i) =>
    i % 10 === 0
      ? `    <Item href={"/p/${i}"} label={"item ${i}"} />,`
      : `    <li class="item" data-n={${i}}><a href={"/p/${i}"} title="t">{"item ${i}"}</a></li>,`,
  )
  const page = [
    `const Item = ({ href, label }: { href: string; label: string }) => <li class="item"><a href={href}>{label}</a></li>`,
    "export const items = [",
    ...lines,
    "]",
    "",
  ].join("\n")
  const jsx = {
    jsx: "react-jsx",
    jsxImportSource: "sitelets",
    paths: { "sitelets/jsx-runtime": [join(root, "src/jsx-runtime.ts")] },
  }
  return checkFiles(items, { "page.tsx": page }, compiler, jsx)
}

function checkFiles(
  routes: number,
  files: Readonly<Record<string, string>>,
  compiler: Compiler,
  extraOptions: object = {},
): TypeCost {
  const dir = mkdtempSync(join(tmpdir(), "sitelets-type-cost-"))
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
    const config = { compilerOptions: { ...checkerOptions, ...extraOptions }, files: Object.keys(files) }
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(config))
    let output: string
    try {
      output = execFileSync(process.execPath, [...compilers[compiler], "-p", dir, "--extendedDiagnostics"], {
        encoding: "utf8",
      })
    } catch (error) {
      // tsc exits non-zero on type errors; the figures are still printed.
      output = String((error as { stdout?: string }).stdout ?? "")
    }
    const errors = output.split("\n").filter((line) => /error TS\d+/.test(line))
    return {
      routes,
      instantiations: figure(output, "Instantiations"),
      types: figure(output, "Types"),
      checkTimeSeconds: figure(output, "Check time"),
      memoryKilobytes: figure(output, "Memory used"),
      errors,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Instantiations per route between two measurements.
 *
 * @example
 * ```ts
 * marginalPerRoute(measureTypeCost(0, o), measureTypeCost(200, o)) //=> e.g. 180
 * ```
 */
export function marginalPerRoute(from: TypeCost, to: TypeCost): number {
  return (to.instantiations - from.instantiations) / (to.routes - from.routes)
}
