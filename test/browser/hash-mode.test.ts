/**
 * Hash-mode routing (`Router.InstallHash`) in real Chromium, on a static
 * page served from a loopback server: links after `#`, `navigate`,
 * back/forward, each change seen once (popstate and hashchange both fire).
 */
import { build } from "esbuild"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cannotStart, serveToChromium, startChromium, type BrowserRig, type StartedBrowser } from "./chromium.js"

const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>hash</title></head>
<body><p id="nav"></p><main id="view"></main><script type="module" src="/hash-app.js"></script></body></html>`

let rig: BrowserRig | undefined
let origin = ""
let browser: StartedBrowser | undefined

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [new URL("./hash-app.ts", import.meta.url).pathname],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
  })
  const script = bundle.outputFiles[0]!.text
  // A static host: two files, nothing else.
  rig = await serveToChromium((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname
    if (path === "/index.html") response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html)
    else if (path === "/hash-app.js") response.writeHead(200, { "content-type": "text/javascript" }).end(script)
    else response.writeHead(404).end()
  })
  ;({ origin, browser } = rig)
}, 90_000)

afterAll(async () => {
  await rig?.close()
})

describe("Router.InstallHash in Chromium", () => {
  it("routes on the fragment of a static page", async () => {
    const page = await browser!.context.newPage()
    const changes = () => page.evaluate(() => (window as unknown as { changes: string[] }).changes.slice())
    await page.goto(origin + "/index.html")
    await page.locator('#view[data-view="Home"]').waitFor()
    expect(await page.locator("#article").getAttribute("href")).toBe("#/article/2/a%20b")

    await page.locator("#article").click()
    await page.locator('#view[data-view="Article"]').waitFor()
    expect(page.url()).toBe(origin + "/index.html#/article/2/a%20b")
    expect(await page.locator("#view").textContent()).toBe('{"$":"Article","id":2,"slug":"a b"}')

    await page.locator("#search").click()
    await page.locator('#view[data-view="Search"]').waitFor()
    expect(page.url()).toBe(origin + "/index.html#/search?q=x%26y")

    await page.goBack()
    await page.locator('#view[data-view="Article"]').waitFor()
    await page.goBack()
    await page.locator('#view[data-view="Home"]').waitFor()
    await page.goForward()
    await page.locator('#view[data-view="Article"]').waitFor()
    // A fragment that is no route (an in-page anchor) gives no endpoint.
    await page.evaluate(() => (location.hash = "#top"))
    await page.locator('#view[data-view="none"]').waitFor()

    const article = '{"$":"Article","id":2,"slug":"a b"}'
    expect(await changes()).toEqual([
      '{"$":"Home"}',
      article,
      '{"$":"Search","q":"x&y"}',
      article,
      '{"$":"Home"}',
      article,
      "none",
    ])
    await page.close()
  }, 60_000)

  it("fails with a clear message when the browser cannot start", async () => {
    const missing = "/nonexistent/chromium"
    const failure = await startChromium(missing).catch((error: Error) => error)
    expect(failure).toBeInstanceOf(Error)
    // The sentence around the launcher's own reason, which varies by platform.
    const [head = "", tail = ""] = cannotStart(missing, "\u0000").split("\u0000")
    const message = (failure as Error).message
    expect(message.startsWith(head) && message.endsWith(tail) && message.length > head.length + tail.length).toBe(true)
  }, 60_000)
})
