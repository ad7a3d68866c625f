import { describe, expect, it } from "vitest"
import fc from "fast-check"
import { Html } from "../../../src/sitelet/html/html.js"
import { html } from "../../../src/sitelet/html/html-template.js"
import { blockedUrl, escapeHtml, safeUrl, scriptJson } from "../../../src/sitelet/html/html-escape.js"
import { htmlMessages } from "../../../src/sitelet/html/html-messages.js"

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")

describe("escaping", () => {
  it("escapes the five characters and round-trips (P9)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const escaped = escapeHtml(text)
        expect(unescape(escaped)).toBe(text)
        expect(escaped).not.toMatch(/[<>"']/)
      }),
    )
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;",
    )
  })
  it("blocks script URLs in every spelling", () => {
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:x",
      " javascript:x",
      "java\tscript:x",
      "\u0001javascript:x",
      "vbscript:x",
      "data:text/html,<script>",
      "data:image/svg+xml;base64,PHN2Zz4=",
    ]) {
      expect(safeUrl(url)).toBe(blockedUrl)
    }
    for (const url of [
      "/blog/1",
      "https://example.com/?a=b",
      "mailto:a@b.c",
      "#top",
      "?q=1",
      "relative/path",
      "data:image/png;base64,iVBORw0KGgo=",
    ]) {
      expect(safeUrl(url)).toBe(url)
    }
  })
  it("writes script data that cannot close the element", () => {
    expect(scriptJson({ a: "</script><!--", b: "\u2028" })).toBe(
      '{"a":"\\u003c/script\\u003e\\u003c!--","b":"\\u2028"}',
    )
  })
})

describe("Html builder", () => {
  it("escapes text and attributes, omits false, writes bare true", () => {
    const node = Html.a(
      { href: "/x?a=1&b=2", title: `"quoted" <b>`, hidden: true, disabled: false, "data-n": 3 },
      "Tom & Jerry",
      42,
      null,
      ["<i>", Html.Raw("<br>")],
    )
    expect(String(node)).toBe(
      '<a href="/x?a=1&amp;b=2" title="&quot;quoted&quot; &lt;b&gt;" hidden data-n="3">Tom &amp; Jerry42&lt;i&gt;<br></a>',
    )
  })
  it("sanitizes URL attributes", () => {
    expect(String(Html.a({ href: "javascript:alert(1)" }, "x"))).toBe(`<a href="${blockedUrl}">x</a>`)
    expect(String(Html.img({ src: "vbscript:x" }))).toBe(`<img src="${blockedUrl}">`)
    expect(String(Html.form({ action: " javascript:x" }))).toBe(`<form action="${blockedUrl}"></form>`)
  })
  it("refuses names that do not come from code", () => {
    expect(() => Html.Element("x onclick=alert(1)", null)).toThrow(htmlMessages.badTagName("x onclick=alert(1)"))
    expect(() => Html.div({ 'a" onmouseover="x': "1" })).toThrow(htmlMessages.badAttributeName('a" onmouseover="x'))
    expect(() => Html.div({ "": "1" })).toThrow(htmlMessages.badAttributeName(""))
  })
  it("keeps void elements empty and script/style raw only", () => {
    expect(String(Html.br())).toBe("<br>")
    expect(() => Html.img(null, "text")).toThrow(htmlMessages.voidChildren("img"))
    expect(() => Html.script(null, "alert(1)")).toThrow(htmlMessages.textInRawElement("script"))
    expect(String(Html.script(null, Html.Raw("let a = 1")))).toBe("<script>let a = 1</script>")
    expect(String(Html.JsonScript("state", { q: "</script>" }))).toBe(
      '<script type="application/json" id="state">{"q":"\\u003c/script\\u003e"}</script>',
    )
  })
  it("refuses objects as children (JSON data never passes for markup)", () => {
    const forged = JSON.parse('{"html":"<script>x</script>"}') as never
    expect(() => Html.div(null, forged)).toThrow(htmlMessages.badChild("object"))
  })
  it("groups children with Fragment", () => {
    expect(String(Html.Fragment("a", Html.b(null, "<")))).toBe("a<b>&lt;</b>")
  })
})

describe("html template", () => {
  it("escapes interpolations and keeps nodes", () => {
    const title = "<Tom & Jerry>"
    const items = ["a", "<b>"].map((item) => html`<li>${item}</li>`)
    expect(String(html`<h1 class="t">${title}</h1><ul>${items}</ul>${null}${undefined}`)).toBe(
      '<h1 class="t">&lt;Tom &amp; Jerry&gt;</h1><ul><li>a</li><li>&lt;b&gt;</li></ul>',
    )
  })
  it("escapes attribute values and sanitizes URL attributes", () => {
    expect(String(html`<a href="${"javascript:x"}" title='${`it's "x"`}'>x</a>`)).toBe(
      `<a href="${blockedUrl}" title='it&#39;s &quot;x&quot;'>x</a>`,
    )
    expect(String(html`<a href="${"/a?b=1&c=2"}">x</a>`)).toBe('<a href="/a?b=1&amp;c=2">x</a>')
  })
  it("refuses unquoted interpolated attributes", () => {
    expect(() => html`<a href=${"x onclick=alert(1)"}>x</a>`).toThrow(htmlMessages.unquotedTemplateAttribute())
  })
  it("never lets interpolated text open a tag (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (text, attribute) => {
        const out = String(html`<p title="${attribute}">${text}</p>`)
        expect(out.startsWith('<p title="')).toBe(true)
        const inner = out.slice('<p title="'.length, -"</p>".length)
        expect(inner.split('">').length).toBe(2)
        expect(inner).not.toMatch(/<|'/)
      }),
    )
  })
})
