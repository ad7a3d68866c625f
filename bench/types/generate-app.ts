/**
 * Generates a synthetic app of N route templates for the type-cost gate: a
 * `t.union` of templates with int/string holes and a query, `Infer` of the
 * union, and either one handler per case (`Sitelet.Infer(App, { R0: (ctx, e)
 * => …, … })`, each reading its case's fields and, with `links`, making one
 * `ctx.Link(…)`) or a `switch` over `e.$` touching every case (with `links`,
 * one `Router.Infer(App).Link(…)` per case).
 */

/**
 * What the generated app exercises besides the union itself.
 *
 * @example
 * ```ts
 * generateApp(50, srcDir, { links: true, handlers: true } satisfies AppOptions)
 * ```
 */
export interface AppOptions {
  /** One link per case: `ctx.Link(…)` in each handler, or `Router.Infer(App).Link(…)` beside the switch. */
  readonly links: boolean
  /** One handler per case through `Sitelet.Infer` (true), or one `switch` over `e.$` (false). */
  readonly handlers: boolean
  /**
   * With handlers: `"json"` answers `Content.Json({ n, link })` instead of text from `t.case(template, {})`
   * cases; `"declared"` does the same from cases that declare that answer (`t.case(template, {},
   * Returns(Answer))`), so the two differ by the declaration only.
   */
  readonly answers?: "json" | "declared"
}

/**
 * Route `index` of a generated app: its template, an endpoint value of it
 * (source text) and an expression reading every field of `e`. Four template
 * shapes in rotation, so every grammar step is on the measured path.
 *
 * @example
 * ```ts
 * routeShape(0).template //=> "GET /r0/<id:int>/<slug>"
 * ```
 */
export function routeShape(index: number): {
  readonly template: string
  readonly value: string
  readonly touch: string
} {
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
 * generateApp(200, "/work/main/src", { links: true, handlers: true }) // a .ts module as a string
 * ```
 */
export function generateApp(routes: number, srcDir: string, options: AppOptions): string {
  const from = (file: string) => JSON.stringify(`${srcDir}/${file}`)
  const lines: string[] = [
    `import { t } from ${from("descriptor/t.js")}`,
    `import type { Infer } from ${from("descriptor/descriptor.js")}`,
  ]
  if (options.handlers) {
    lines.push(
      `import { Sitelet } from ${from("api/sitelet-namespace.js")}`,
      `import { Content } from ${from("sitelet/content/content.js")}`,
    )
    if (options.answers === "declared")
      lines.push(
        `import { Returns } from ${from("descriptor/attributes.js")}`,
        "const Answer = t.record({ n: t.float, link: t.string })",
      )
  } else if (options.links) lines.push(`import { Router } from ${from("router/router.js")}`)
  if (routes === 0) {
    // The baseline: the library's own types are loaded and used once, with no routes.
    lines.push(`export const App = t.union({})`, `export type App = Infer<typeof App>`)
    if (options.handlers) lines.push(`export const site = Sitelet.Infer(t.int, (ctx, e) => Content.Text(String(e)))`)
    else if (options.links) lines.push(`export const router = Router.Infer(t.int)`)
    return lines.join("\n") + "\n"
  }
  const shapes = Array.from({ length: routes }, (_, index) => routeShape(index))
  lines.push("export const App = t.union({")
  const declaration = options.answers === "declared" ? ", Returns(Answer)" : ""
  shapes.forEach((shape, index) =>
    lines.push(
      options.handlers && options.answers !== undefined
        ? `  R${index}: t.case(${JSON.stringify(shape.template)}, {}${declaration}),`
        : `  R${index}: ${JSON.stringify(shape.template)},`,
    ),
  )
  lines.push("})", "export type App = Infer<typeof App>", "")
  if (options.handlers) {
    // Each handler links the next case, so every case is linked once.
    lines.push("export const site = Sitelet.Infer(App, {")
    shapes.forEach((shape, index) => {
      const linked = `ctx.Link(${(shapes[(index + 1) % routes] ?? shape).value})`
      if (options.answers !== undefined)
        lines.push(
          `  R${index}: (ctx, e) => Content.Json({ n: ${shape.touch}, link: ${options.links ? linked : '""'} }),`,
        )
      else
        lines.push(
          `  R${index}: (ctx, e) => Content.Text(String(${shape.touch})${options.links ? ` + ${linked}` : ""}),`,
        )
    })
    lines.push("})")
    return lines.join("\n") + "\n"
  }
  lines.push("export function touch(e: App): number {", "  switch (e.$) {")
  shapes.forEach((shape, index) => lines.push(`    case "R${index}": return ${shape.touch}`))
  lines.push("  }", "}")
  if (options.links) {
    lines.push("", "export const router = Router.Infer(App)", "export const links: string[] = [")
    shapes.forEach((shape) => lines.push(`  router.Link(${shape.value}),`))
    lines.push("]")
  }
  return lines.join("\n") + "\n"
}
