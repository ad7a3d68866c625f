/**
 * Generates the mixed app of issue 17 for the type-cost gate: five route
 * shapes in rotation (int and string path holes; a query with an optional
 * int and a string list; a case with an extra JSON body field; `PUT|DELETE`
 * with bigint and bool holes; a date format with a wildcard), one handler
 * per case through `Sitelet.Infer` (every third one `async`), and a client
 * module of one `router.Link(…)` per case.
 */

/**
 * Route `index` of the mixed app: its union member (source text), an
 * endpoint value of it and an expression reading every field of `e`.
 *
 * @example
 * ```ts
 * mixedShape(2).member //=> 't.case("POST /api/c2/<blog:int>", { post: Json(Post) })'
 * ```
 */
export function mixedShape(index: number): { readonly member: string; readonly value: string; readonly touch: string } {
  switch (index % 5) {
    case 0:
      return {
        member: JSON.stringify(`GET /api/a${index}/<id:int>/<slug>`),
        value: `{ $: "R${index}", id: ${index}, slug: "s" }`,
        touch: "e.id + e.slug.length",
      }
    case 1:
      return {
        member: JSON.stringify(`GET /api/b${index}?page=<page:int?>&tags=<tags:string[]>`),
        value: `{ $: "R${index}", tags: ["x"] }`,
        touch: "(e.page ?? 0) + e.tags.length",
      }
    case 2:
      return {
        member: `t.case(${JSON.stringify(`POST /api/c${index}/<blog:int>`)}, { post: Json(Post) })`,
        value: `{ $: "R${index}", blog: 1, post: { title: "t", tags: [] } }`,
        touch: "e.blog + e.post.title.length + e.post.tags.length",
      }
    case 3:
      return {
        member: JSON.stringify(`PUT|DELETE /api/d${index}/<n:bigint>/<flag:bool>`),
        value: `{ $: "R${index}", n: 1n, flag: true }`,
        touch: "Number(e.n) + (e.flag ? 1 : 0)",
      }
    default:
      return {
        member: JSON.stringify(`GET /api/e${index}/<day:datetime(yyyy-MM-dd)>/<...rest>`),
        value: `{ $: "R${index}", day: new Date(0), rest: "a/b" }`,
        touch: "e.day.getTime() + e.rest.length",
      }
  }
}

/**
 * The two modules of a mixed app with `routes` cases: `app.ts` (the union
 * and the sitelet) and `client.ts` (the router and one link per case).
 * `srcDir` is the absolute path of the library's `src/`.
 *
 * @example
 * ```ts
 * generateMixedApp(300, "/work/main/src")["client.ts"] // a .ts module as a string
 * ```
 */
export function generateMixedApp(routes: number, srcDir: string): Record<"app.ts" | "client.ts", string> {
  const from = (file: string) => JSON.stringify(`${srcDir}/${file}`)
  const shapes = Array.from({ length: routes }, (_, index) => mixedShape(index))
  const app = [
    `import { Json, t } from ${from("index.js")}`,
    `import { Content, Sitelet } from ${from("index.js")}`,
    "",
    "const Post = t.record({ title: t.string, tags: t.list(t.string) })",
    "export const App = t.union({",
    ...shapes.map((shape, index) => `  R${index}: ${shape.member},`),
    "})",
    "",
    "export const site = Sitelet.Infer(App, {",
    ...shapes.map((shape, index) =>
      index % 3 === 2
        ? `  R${index}: async (_ctx, e) => Content.Text(String(${shape.touch})),`
        : `  R${index}: (_ctx, e) => Content.Text(String(${shape.touch})),`,
    ),
    "})",
  ]
  const client = [
    `import { Router } from ${from("index.js")}`,
    `import { App } from "./app.js"`,
    "",
    "const router = Router.Infer(App)",
    "export const links: string[] = [",
    ...shapes.map((shape) => `  router.Link(${shape.value}),`),
    "]",
  ]
  return { "app.ts": `${app.join("\n")}\n`, "client.ts": `${client.join("\n")}\n` }
}
