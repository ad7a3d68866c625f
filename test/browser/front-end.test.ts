/**
 * The example front end in real Chromium: served by the example site (the
 * same composition as `npm start`) from a loopback server, driven with
 * playwright-core. Typed links, history navigation without reloads,
 * back/forward, a typed JSON request, and a screenshot in test/artifacts/.
 */
import { mkdirSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Page } from "playwright-core"
import { NodeHandler } from "../../src/host/node/index.js"
import { site } from "../../examples/site/site.js"
import { frontEnd } from "../../examples/site/client/serve.js"
import { pages } from "../../examples/site/client/routes.js"
import { serveToChromium, type BrowserRig, type StartedBrowser } from "./chromium.js"

const artifacts = new URL("../artifacts/", import.meta.url).pathname

let rig: BrowserRig | undefined
let origin = ""
let browser: StartedBrowser | undefined

beforeAll(async () => {
  rig = await serveToChromium(NodeHandler(site.plus(frontEnd())))
  ;({ origin, browser } = rig)
}, 90_000)

afterAll(async () => {
  await rig?.close()
})

/** The app's URL for a page value (typed, like the links the app renders). */
const at = (page: Parameters<typeof pages.Link>[0]) => origin + pages.Link(page)

async function viewIs(page: Page, view: string) {
  await page.locator(`#view[data-view="${view}"]`).waitFor()
}

/** A value set on window survives only while the document is not reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { mark: number }).mark = 42))
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { mark?: number }).mark === 42)

describe("the example front end in Chromium", () => {
  it("navigates with typed links and history, calls the JSON API with typed requests", async () => {
    const page = await browser!.context.newPage()
    const problems: string[] = []
    page.on("pageerror", (error) => problems.push(error.message))
    page.on("console", (message) => void (message.type() === "error" && problems.push(message.text())))

    await page.goto(at({ $: "Home" }))
    await viewIs(page, "Home")
    await markDocument(page)

    // A typed link in the navigation: the URL changes, the view renders, the document stays.
    await page.locator('nav a[data-page="Articles"]').click()
    await viewIs(page, "Articles")
    expect(page.url()).toBe(at({ $: "Articles" }))
    await page.locator("#articles [data-loaded] li").first().waitFor()
    expect(await page.locator("#articles li").count()).toBeGreaterThanOrEqual(3)
    expect(await sameDocument(page)).toBe(true)

    // A link in a list rendered from the API's typed answer.
    await page.locator("#articles a", { hasText: "Typed links" }).click()
    await viewIs(page, "Article")
    expect(page.url()).toBe(at({ $: "Article", id: 1, slug: "typed-links" }))
    await expect.poll(() => page.locator("h1[data-article]").textContent()).toBe("Typed links")
    expect(await page.locator("time").getAttribute("datetime")).toBe("2026-11-01T00:00:00.000Z")

    // navigate() from code, with a query parameter.
    await page.locator('nav a[data-page="Articles"]').click()
    await viewIs(page, "Articles")
    await page.locator('#filter input[name="q"]').fill("hosting anywhere")
    await page.locator("#filter button").click()
    await expect.poll(() => page.url()).toBe(at({ $: "Articles", q: "hosting anywhere" }))
    await expect.poll(() => page.locator("#articles [data-loaded] li").count()).toBe(1)

    // Back and forward.
    await page.goBack()
    await expect.poll(() => page.url()).toBe(at({ $: "Articles" }))
    await viewIs(page, "Articles")
    await page.goBack()
    await expect.poll(() => page.url()).toBe(at({ $: "Article", id: 1, slug: "typed-links" }))
    await viewIs(page, "Article")
    await page.goForward()
    await expect.poll(() => page.url()).toBe(at({ $: "Articles" }))
    await viewIs(page, "Articles")
    expect(await sameDocument(page)).toBe(true)

    // A modified click is the browser's: the page stays where it is.
    await page.locator('nav a[data-page="Home"]').click({ modifiers: ["Control"] })
    expect(page.url()).toBe(at({ $: "Articles" }))
    for (const other of browser!.context.pages()) if (other !== page) await other.close()

    // A typed JSON request: POST /api/articles with the codec's JSON, answered with a typed Article.
    await page.locator('nav a[data-page="Write"]').click()
    await viewIs(page, "Write")
    await page.locator('#write input[name="title"]').fill("Written in Chromium")
    await page.locator('#write textarea[name="body"]').fill("Sent by Router.Fetch.")
    const dayBefore = new Date().toISOString().slice(0, 10)
    // First the token (POST /api/token, the demo user's credentials filled in), then the write with it.
    const sent = page.waitForRequest(
      (request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/articles",
    )
    await page.locator("#write button").click()
    const request = await sent
    expect(new URL(request.url()).pathname).toBe("/api/articles")
    expect(request.headers()["content-type"]).toBe("application/json")
    expect(request.headers().authorization).toMatch(/^Bearer b1\./)
    expect(request.postData()).toBe('{"title":"Written in Chromium","body":"Sent by Router.Fetch."}')
    const created = page.locator("#created")
    await created.waitFor()
    const id = Number(await created.getAttribute("data-id"))
    const dayAfter = new Date().toISOString().slice(0, 10)
    const text = await created.textContent()
    expect(
      [dayBefore, dayAfter].map((day) => `Created article #${id} “Written in Chromium”, published ${day}: read it`),
    ).toContain(text)
    expect(await sameDocument(page)).toBe(true)

    mkdirSync(artifacts, { recursive: true })
    await page.screenshot({ path: artifacts + "front-end.png", fullPage: true })

    // The server rejects an empty title: the typed client reports the status.
    await page.locator('#write input[name="title"]').fill(" ")
    await page.locator("#write button").click()
    await expect
      .poll(() => page.locator("#result [data-error]").textContent())
      .toBe("POST /api/articles answered 400 Bad Request (expected a 2xx status)")

    // The link to the created article, then the canonical slug put in place with replaceState.
    await page.goto(at({ $: "Article", id, slug: "wrong" }))
    await expect.poll(() => page.url()).toBe(at({ $: "Article", id, slug: `written-in-chromium-${id}` }))
    await expect.poll(() => page.locator("h1[data-article]").textContent()).toBe("Written in Chromium")

    // A same-origin link the app's router does not accept loads the server-rendered page.
    await markDocument(page)
    await page.locator("#server-page").click()
    await page.waitForURL(origin + "/blog/" + `written-in-chromium-${id}`)
    expect(await sameDocument(page)).toBe(false)
    expect(await page.locator("h1").first().textContent()).toBe("Written in Chromium")

    // An address the app's router does not know renders the app's not-found view.
    const answer = await page.goto(origin + "/app/articles/x/y")
    expect(answer?.status()).toBe(404)
    await viewIs(page, "NotFound")
    expect(await page.locator("#view h1").textContent()).toBe("Not found")
    expect(problems.filter((text) => !/\b(400|404) \((Bad Request|Not Found)\)/.test(text))).toEqual([])
    await page.close()
  }, 120_000)
})
