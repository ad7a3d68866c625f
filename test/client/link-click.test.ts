import { describe, expect, it } from "vitest"
import { routableClick } from "../../src/client/link-click.js"
import { clickOn } from "./fake-window.js"

const here = "http://site.test/article/1?x=1"

describe("routableClick: which clicks stay in the page", () => {
  it("takes a plain left click on a same-origin link (relative or absolute, inside a child element)", () => {
    expect(routableClick(clickOn({ href: "/search?q=a" }), here)?.href).toBe("http://site.test/search?q=a")
    expect(routableClick(clickOn({ href: "http://site.test/" }), here)?.href).toBe("http://site.test/")
    expect(routableClick(clickOn({ href: "2" }), here)?.href).toBe("http://site.test/article/2")
    expect(routableClick(clickOn({ href: "/x", target: "_self" }), here)?.pathname).toBe("/x")
    expect(routableClick(clickOn({ href: "/x" }, { composed: true }), here)?.pathname).toBe("/x")
    expect(routableClick(clickOn({ href: "/x" }, { nodeName: "area" }), here)?.pathname).toBe("/x")
  })

  it.each([
    ["a modifier key (meta)", clickOn({ href: "/x" }, { metaKey: true })],
    ["a modifier key (ctrl)", clickOn({ href: "/x" }, { ctrlKey: true })],
    ["a modifier key (shift)", clickOn({ href: "/x" }, { shiftKey: true })],
    ["a modifier key (alt)", clickOn({ href: "/x" }, { altKey: true })],
    ["the middle button", clickOn({ href: "/x" }, { button: 1 })],
    ["a click the page already handled", clickOn({ href: "/x" }, { defaultPrevented: true })],
    ["target=_blank", clickOn({ href: "/x", target: "_blank" })],
    ["a named target", clickOn({ href: "/x", target: "frame1" })],
    ["download", clickOn({ href: "/x", download: "" })],
    ["rel=external", clickOn({ href: "/x", rel: "noopener External" })],
    ["no href", clickOn({})],
    ["another origin", clickOn({ href: "https://other.test/x" })],
    ["another port", clickOn({ href: "http://site.test:8081/x" })],
    ["another scheme", clickOn({ href: "mailto:a@site.test" })],
    ["a fragment of this page", clickOn({ href: "/article/1?x=1#comments" })],
    ["a bare fragment", clickOn({ href: "#top" })],
    ["an element that is no link", clickOn({ href: "/x" }, { nodeName: "BUTTON" })],
  ])("leaves %s to the browser", (_name, event) => {
    expect(routableClick(event, here)).toBeUndefined()
  })

  it("takes a fragment link to another page of the site", () => {
    expect(routableClick(clickOn({ href: "/other#part" }), here)?.href).toBe("http://site.test/other#part")
  })
})
