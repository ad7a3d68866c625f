import { describe, expect, it } from "vitest"
import { t } from "../../../src/descriptor/t.js"
import { FormData } from "../../../src/descriptor/attributes.js"
import { Sitelet } from "../../../src/api/sitelet-namespace.js"
import { Content } from "../../../src/sitelet/content/content.js"
import { Router } from "../../../src/router/router.js"
import { routerMessages } from "../../../src/router/messages.js"
import { dispositionParameters } from "../../../src/router/body/multipart.js"

const Site = t.union({
  Note: t.case("POST /note", { name: FormData(t.option(t.string)), note: FormData(t.option(t.string)) }),
})
const site = Sitelet.Infer(Site, (_ctx, e) => Content.Text(`name=${e.name ?? "-"} note=${e.note ?? "-"}`))
const lenient = Sitelet.InferWithErrors(Site, (_ctx, r) =>
  Content.Text(r.$ === "MissingFormData" ? `${r.$} ${r.name}: ${r.reason}` : r.$),
)

const post = (body: string, type: string, on = site) =>
  on.Handle(new Request("http://x/note", { method: "POST", body, headers: { "content-type": type } }), {
    problemDetails: false,
  })
const urlencoded = "application/x-www-form-urlencoded"

describe("malformed form bodies are refused, never read as an empty form", () => {
  it("a urlencoded body with one bad escape is a 400 (all optional fields: it used to run with none)", async () => {
    for (const body of ["name=ok&note=%FF", "name=ok&note=%", "name=ok&note=%C0%AE", "name=%zz"]) {
      const response = await post(body, urlencoded)
      expect([response?.status, await response?.text()], body).toEqual([
        400,
        "Request body does not match what the endpoint expects",
      ])
    }
    expect(await (await post("name=ok&note=hi", urlencoded))?.text()).toBe("name=ok note=hi")
  })

  it("a multipart body with no boundary, no closing delimiter or a part header that never ends is a 400", async () => {
    const part = '--B\r\nContent-Disposition: form-data; name="name"\r\n\r\nok\r\n'
    const cases: Array<[string, string]> = [
      [`${part}--B--\r\n`, "multipart/form-data"],
      [part, "multipart/form-data; boundary=B"],
      ['--B\r\nContent-Disposition: form-data; name="name"', "multipart/form-data; boundary=B"],
      ["", "multipart/form-data; boundary=B"],
    ]
    for (const [body, type] of cases) expect((await post(body, type))?.status, JSON.stringify(body)).toBe(400)
    expect(await (await post(`${part}--B--\r\n`, "multipart/form-data; boundary=B"))?.text()).toBe("name=ok note=-")
  })

  it("reports MissingFormData with the reason under InferWithErrors", async () => {
    const response = await post("name=ok&note=%FF", urlencoded, lenient)
    expect(await response?.text()).toBe(`MissingFormData note: ${routerMessages.formMalformed}`)
  })

  it("the router alone: no match", async () => {
    const router = Router.Infer(Site)
    const parsed = await router.Parse({
      method: "POST",
      url: "/note",
      body: "note=%FF",
      headers: { "content-type": urlencoded },
    })
    expect(parsed).toBeUndefined()
  })
})

describe("Content-Disposition parameters (RFC 7578, 6266)", () => {
  it("respects quotes: a filename holding ;name= does not rename the field", async () => {
    expect(dispositionParameters('form-data; name="a"; filename="x;name=name;"')).toEqual(
      new Map([
        ["name", "a"],
        ["filename", "x;name=name;"],
      ]),
    )
    const body = '--B\r\nContent-Disposition: form-data; title="x;name=name;"; name="note"\r\n\r\nhello\r\n--B--\r\n'
    expect(await (await post(body, "multipart/form-data; boundary=B"))?.text()).toBe("name=- note=hello")
  })
  it("reads escapes and bare tokens; refuses what does not parse", () => {
    expect(dispositionParameters('form-data; name="a\\"b"; size=3')).toEqual(
      new Map([
        ["name", 'a"b'],
        ["size", "3"],
      ]),
    )
    expect(dispositionParameters("form-data; NAME=x; name=y")?.get("name")).toBe("x")
    // Browsers and undici send a backslash as itself: a name ending in one still closes its quotes.
    expect(dispositionParameters('form-data; name="doc"; filename="\\"')?.get("filename")).toBe("\\")
    expect(dispositionParameters('form-data; name="doc"; filename="C:\\dir\\"')?.get("filename")).toBe("C:\\dir\\")
    expect(dispositionParameters('form-data; name="open')).toBeUndefined()
    expect(dispositionParameters("form-data; name")).toBeUndefined()
    expect(dispositionParameters('form-data; name="a" junk')).toBeUndefined()
  })
})
