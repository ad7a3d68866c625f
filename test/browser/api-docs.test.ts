/**
 * The example's API reference in real Chromium: `/api/docs`, Swagger UI
 * from the swagger-ui-dist package's files (served by Sitelet.Files), reads
 * `/openapi.json` and shows the site's operations.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { NodeHandler } from "../../src/host/node/index.js"
import { apiDocs } from "../../examples/site/docs.js"
import { site } from "../../examples/site/site.js"
import { serveToChromium, type BrowserRig } from "./chromium.js"

let rig: BrowserRig | undefined
beforeAll(async () => {
  rig = await serveToChromium(NodeHandler(site.plus(apiDocs), { onError: () => undefined }))
}, 90_000)
afterAll(async () => {
  await rig?.close()
})

describe("the example's API reference in Chromium", () => {
  it("renders the document's operations from the package's own files", async () => {
    const page = await rig!.browser.context.newPage()
    const outside: string[] = []
    // Nothing may come from anywhere but this server: no CDN.
    page.on("request", (request) => {
      if (!request.url().startsWith(rig!.origin)) outside.push(request.url())
    })
    await page.goto(rig!.origin + "/api/docs")
    await page.locator(".opblock").first().waitFor({ timeout: 30_000 })
    const ids = await page.locator(".opblock-summary-operation-id").allTextContents()
    expect(ids).toContain("ListArticles")
    expect(ids).toContain("CreateArticle")
    expect(ids).toContain("SendContact")
    const paths = await page.locator(".opblock-summary-path").allTextContents()
    expect(paths.map((path) => path.replace(/\u200b/g, ""))).toContain("/api/articles/{id}")
    expect(outside).toEqual([])
    await page.close()
  }, 60_000)

  it("authorizes with a bearer token and writes through the API", async () => {
    const page = await rig!.browser.context.newPage()
    // The demo user's token, from the API's own token endpoint.
    const issued = await fetch(`${rig!.origin}/api/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "user=ada&password=lovelace",
    })
    const { token } = (await issued.json()) as { token: string }
    await page.goto(rig!.origin + "/api/docs")
    await page.locator(".btn.authorize").first().click()
    const dialog = page.locator(".auth-container").filter({ hasText: "bearer" })
    await dialog.locator("input").first().fill(token)
    await dialog.locator("button.authorize").click()
    await page.locator(".btn-done, button.close-modal").first().click()
    // The write operation, tried out with Swagger's example body: 201 with the bearer token it was given.
    const operation = page.locator(".opblock-post").filter({ hasText: "CreateArticle" }).first()
    await operation.locator(".opblock-summary").click()
    await operation.locator(".try-out__btn").click()
    const sent = page.waitForRequest(
      (request) => request.method() === "POST" && request.url().endsWith("/api/articles"),
    )
    await operation.locator(".execute").click()
    expect((await sent).headers().authorization).toBe(`Bearer ${token}`)
    await expect
      .poll(
        async () =>
          (await operation.locator(".live-responses-table tbody .response-col_status").first().textContent())?.trim(),
        {
          timeout: 15_000,
        },
      )
      .toBe("201")
    await page.close()
  }, 60_000)
})
