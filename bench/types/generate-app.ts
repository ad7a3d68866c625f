/**
 * Generates a synthetic app of N route templates for the type-cost gate: a
 * `t.union` of templates with int/string holes and a query, `Infer` of the
 * union, a `switch` over `e.$` touching every case, and (with `links`) one
 * typed `Router.Infer(App).Link(...)` call per case.
 */

/**
 * What the generated app exercises besides the union itself.
 *
 * @example
 * ```ts
 * generateApp(50, srcDir, { links: true } satisfies AppOptions)
 * ```
 */
export interface AppOptions {
  /** Emit one `Router.Infer(App).Link(…)` per case. */
  readonly links: boolean
}

// Four template shapes in rotation, so every grammar step is on the measured path.
function template(index: number): { template: string; value: string; touch: string } {
  switch (index % 4) {
    case 0:
      return {
        template: `GET /r${index}/<id:int>/<slug>`,
        value: `{ $: "R${index}", id: ${index}, slug: "s" }`,
        touch: `e.id + e.slug.length`,
      }
    case 1:
      return {
        template: `GET /r${index}?q=<q>&page=<page:int?>`,
        value: `{ $: "R${index}", q: "x" }`,
        touch: `e.q.length + (e.page ?? 0)`,
      }
    case 2:
      return {
        template: `POST /r${index}/<a:int>/items/<b:string>?sort=<sort:bool>`,
        value: `{ $: "R${index}", a: 1, b: "b", sort: true }`,
        touch: `e.a + e.b.length + (e.sort ? 1 : 0)`,
      }
    default:
      return {
        template: `/r${index}/<day:datetime(yyyy-MM-dd)>/<...rest>`,
        value: `{ $: "R${index}", day: new Date(0), rest: "a/b" }`,
        touch: `e.day.getTime() + e.rest.length`,
      }
  }
}

/**
 * The source text of an app with `routes` cases. `srcDir` is the absolute
 * path of the library's `src/` (imports are written against it).
 *
 * @example
 * ```ts
 * generateApp(200, "/work/main/src", { links: false }) // a .ts module as a string
 * ```
 */
export function generateApp(routes: number, srcDir: string, options: AppOptions): string {
  const lines: string[] = [
    `import { t } from ${JSON.stringify(`${srcDir}/descriptor/t.js`)}`,
    `import type { Infer } from ${JSON.stringify(`${srcDir}/descriptor/descriptor.js`)}`,
  ]
  if (options.links) lines.push(`import { Router } from ${JSON.stringify(`${srcDir}/router/router.js`)}`)
  if (routes === 0) {
    // The baseline: the library's own types are loaded and used once, with no routes.
    lines.push(`export const App = t.union({})`, `export type App = Infer<typeof App>`)
    if (options.links) lines.push(`export const router = Router.Infer(t.int)`)
    return lines.join("\n") + "\n"
  }
  const shapes = Array.from({ length: routes }, (_, index) => template(index))
  lines.push("export const App = t.union({")
  shapes.forEach((shape, index) => lines.push(`  R${index}: ${JSON.stringify(shape.template)},`))
  lines.push("})", "export type App = Infer<typeof App>", "", "export function touch(e: App): number {", "  switch (e.$) {")
  shapes.forEach((shape, index) => lines.push(`    case "R${index}": return ${shape.touch}`))
  lines.push("  }", "}")
  if (options.links) {
    lines.push("", "export const router = Router.Infer(App)", "export const links: string[] = [")
    shapes.forEach((shape) => lines.push(`  router.Link(${shape.value}),`))
    lines.push("]")
  }
  return lines.join("\n") + "\n"
}
