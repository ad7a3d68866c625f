/**
 * Issue 26, item 1 (the runtime): JSX pages render to the `Html` model —
 * the same escaping as `Html` side by side with hostile strings, fragments,
 * function components with typed props, `async` components awaited, raw
 * markup only through `Html.Raw`, typed intrinsic elements — with no React.
 */
import { describe, expect, expectTypeOf, it } from "vitest"
import { Sitelet } from "../../../src/api/sitelet-namespace.js"
import { t } from "../../../src/descriptor/t.js"
import { Content } from "../../../src/sitelet/content/content.js"
import { Html } from "../../../src/sitelet/html/html.js"
import type { Component, JsxChild, JsxNode } from "../../../src/sitelet/html/jsx.js"
import type { JSX } from "sitelets/jsx-runtime"
import { htmlMessages } from "../../../src/sitelet/html/html-messages.js"

const hostile = [
  `<script>alert(1)</script>`,
  `" onmouseover="alert(1)`,
  `'><img src=x onerror=alert(1)>`,
  `&amp; &lt;`,
  `javascript:alert(1)`,
  `\u2028</p>`,
]

describe("JSX", () => {
  it("escapes text and attributes exactly as Html does, and keeps URL attributes safe", () => {
    for (const text of hostile) {
      expect(String(<p title={text}>{text}</p>)).toBe(String(Html.p({ title: text }, text)))
      expect(String(<a href={text}>{text}</a>)).toBe(String(Html.a({ href: text }, text)))
    }
    // biome-ignore lint/a11y/useValidAnchor lint/security/noScriptUrl: the hostile URL under test
    expect(String(<a href="javascript:alert(1)">x</a>)).toBe('<a href="about:invalid#blocked">x</a>')
  })

  it("renders elements, void elements, flags, numbers, lists and fragments", () => {
    const items = ["a", "b"]
    const page = (
      <>
        <input type="checkbox" checked disabled={false} value={3} />
        <ul class="list">
          {items.map((item) => (
            <li>{item}</li>
          ))}
        </ul>
        {null}
        {false}
        {0}
      </>
    )
    expect(String(page)).toBe('<input type="checkbox" checked value="3"><ul class="list"><li>a</li><li>b</li></ul>0')
  })

  it("calls function components with typed props and children", () => {
    const Card: Component<{ title: string; children?: JSX.Element | string }> = ({ title, children }) => (
      <section>
        <h2>{title}</h2>
        {children}
      </section>
    )
    expect(String(<Card title="T & U">body</Card>)).toBe("<section><h2>T &amp; U</h2>body</section>")
    // @ts-expect-error a prop the component does not take
    void (<Card title="x" tilte="y" />)
    // @ts-expect-error an attribute of another type
    // biome-ignore lint/a11y/useValidAnchor: the type error under test
    void (<a href={3}>x</a>)
  })

  it("awaits async components wherever they are", async () => {
    const Rows = async ({ n }: { n: number }) => {
      await new Promise((resolve) => setTimeout(resolve, 1))
      return Array.from({ length: n }, (_, i) => (
        <tr>
          <td>{i}</td>
        </tr>
      ))
    }
    const Nested = async () => <b>{await Promise.resolve("deep")}</b>
    const page: JsxNode = (
      <table>
        <tbody>
          <Rows n={2} />
        </tbody>
        <caption>
          <Nested />
        </caption>
      </table>
    )
    expect(page).toBeInstanceOf(Promise)
    expect(String(await page)).toBe(
      "<table><tbody><tr><td>0</td></tr><tr><td>1</td></tr></tbody><caption><b>deep</b></caption></table>",
    )
    const sync: JsxNode = <p>sync</p>
    expect(sync).not.toBeInstanceOf(Promise)
  })

  it("takes raw markup only through Html.Raw, and refuses what is not HTML", () => {
    expect(String(<div>{Html.Raw("<hr>")}</div>)).toBe("<div><hr></div>")
    expect(String(<script>{Html.Raw("window.x = 1")}</script>)).toBe("<script>window.x = 1</script>")
    expect(() => <script>{"window.x = 1"}</script>).toThrow(htmlMessages.textInRawElement("script"))
    // @ts-expect-error no such attribute: trusted markup is a child, Html.Raw(…)
    expect(() => <div dangerouslySetInnerHTML={{ __html: "<b>" }} />).toThrow(htmlMessages.jsxRawProp())
    // @ts-expect-error no event handlers: pages are HTML
    expect(() => <button type="button" onclick={() => 1} />).toThrow(
      htmlMessages.jsxAttributeValue("button", "onclick", "function"),
    )
    // biome-ignore lint/correctness/noVoidElementsWithChildren: the refusal under test
    expect(() => <br>{"x"}</br>).toThrow(htmlMessages.voidChildren("br"))
    // Props spread in from data: `__proto__` is an attribute like any other, never the object's prototype.
    const data = JSON.parse('{"__proto__": "x", "title": "t"}') as Record<string, string>
    expect(String(<p {...data}>p</p>)).toBe('<p __proto__="x" title="t">p</p>')
  })

  it("is a page's body, and takes ctx.Link's strings", async () => {
    const Site = t.union({ Home: "GET /", Post: "GET /post/<id:int>" })
    const site = Sitelet.Infer(Site, {
      Home: async (ctx) =>
        Content.Page({
          Title: "Home",
          Body: await (
            <main>
              <a href={ctx.Link({ $: "Post", id: 1 })}>first</a>
            </main>
          ),
        }),
      Post: (_ctx, e) => Content.Text(String(e.id)),
    })
    const html = await (await site.Handle(new Request("http://x/")))?.text()
    expect(html).toContain('<main><a href="/post/1">first</a></main>')
    expectTypeOf<JSX.Element>().toEqualTypeOf<JsxNode>()
  })

  it("is a page's head and body as it is, no await; an async component inside renders before the page (issue 35)", async () => {
    // A layout typed the way docs/pages.md says: JsxChild takes one element, several, or an async one.
    const Layout = ({ title, children }: { title: string; children?: JsxChild }) => (
      <main>
        <h1>{title}</h1>
        {children}
      </main>
    )
    const Later = async ({ n }: { n: number }) => <em>{n}</em>
    const Site = t.union({ Home: "GET /", Slow: "GET /slow" })
    const site = Sitelet.Infer(Site, {
      Home: () =>
        Content.Page({
          Title: "Home",
          Head: <meta name="x" content="y" />,
          Body: (
            <Layout title="Home">
              <p>hello</p>
              <p>again</p>
            </Layout>
          ),
        }),
      Slow: () =>
        Content.SetStatus(202, Content.Page({ Body: <Layout title="Slow">{[<Later n={1} />, "!"]}</Layout> })),
    })
    const home = await (await site.Handle(new Request("http://x/")))?.text()
    expect(home).toContain('<meta name="x" content="y"></head>')
    expect(home).toContain("<main><h1>Home</h1><p>hello</p><p>again</p></main>")
    const slow = await site.Handle(new Request("http://x/slow"))
    expect([slow?.status, await slow?.text()]).toEqual([
      202,
      '<!DOCTYPE html>\n<html><head><meta charset="utf-8"></head><body><main><h1>Slow</h1><em>1</em>!</main></body></html>\n',
    ])
    // Synchronous parts: the page is written at once, as with the Html builders.
    expect(Content.Page({ Body: <p>now</p> }).kind).toBe("static")
    expect(Content.Page({ Body: <Later n={2} /> }).kind).toBe("deferred")
  })
})
