/**
 * A file upload from a real browser form in Chromium: `<form
 * enctype="multipart/form-data">` with an `<input type="file">`, read by a
 * `t.file` field and handed to the handler as a File.
 */
import { createHash } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Content, FormData, Sitelet, t } from "../../src/index.js"
import { NodeHandler } from "../../src/host/node/index.js"
import { serveToChromium, type BrowserRig } from "./chromium.js"

const Pages = t.union({
  Form: "GET /",
  Upload: t.case("POST /upload", {
    picture: FormData(t.file({ MaxBytes: 1_000_000 })),
    caption: FormData(t.string),
    more: FormData(t.list(t.file)),
  }),
})

const site = Sitelet.Infer(Pages, {
  Form: () =>
    Content.Custom({
      Headers: { "Content-Type": "text/html; charset=utf-8" },
      Body: `<!DOCTYPE html><html><body>
<form method="post" action="/upload" enctype="multipart/form-data">
  <input id="picture" type="file" name="picture"><input id="more" type="file" name="more" multiple>
  <input id="caption" name="caption"><button id="send">Send</button>
</form></body></html>`,
    }),
  Upload: async (_ctx, e) => {
    const digest = createHash("sha256")
      .update(Buffer.from(await e.picture.arrayBuffer()))
      .digest("hex")
      .slice(0, 12)
    const more = e.more.map((file) => file.name).join(",")
    return Content.Text(`${e.picture.name} ${e.picture.type} ${e.picture.size} ${digest} "${e.caption}" [${more}]`)
  },
})

let rig: BrowserRig | undefined
beforeAll(async () => {
  rig = await serveToChromium(NodeHandler(site, { onError: () => undefined }))
}, 90_000)
afterAll(async () => {
  await rig?.close()
})

describe("uploads from a browser form in Chromium", () => {
  it("reach a t.file field: name, type, size and bytes, with the text field and several files", async () => {
    const picture = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251))
    const page = await rig!.browser.context.newPage()
    await page.goto(rig!.origin + "/")
    await page.setInputFiles("#picture", { name: "holiday photo.png", mimeType: "image/png", buffer: picture })
    await page.setInputFiles("#more", [
      { name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("a") },
      { name: "b.txt", mimeType: "text/plain", buffer: Buffer.from("b") },
    ])
    await page.fill("#caption", "at the sea, é")
    await Promise.all([page.waitForURL("**/upload"), page.click("#send")])
    const digest = createHash("sha256").update(picture).digest("hex").slice(0, 12)
    expect(await page.locator("body").textContent()).toBe(
      `holiday photo.png image/png 5000 ${digest} "at the sea, é" [a.txt,b.txt]`,
    )
    await page.close()
  }, 60_000)
})
