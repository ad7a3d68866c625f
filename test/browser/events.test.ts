/**
 * `Router.Events` in real Chromium: a typed subscription over fetch and a
 * stream reader (POST, a JSON body, a custom header), decoded by the codec,
 * reconnecting with `Last-Event-ID` after the server's `retry`.
 */
import { build } from "esbuild"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { NodeHandler } from "../../src/host/node/index.js"
import { serveToChromium, type BrowserRig } from "./chromium.js"
import { connections, eventsSite } from "./events-site.js"

const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>events</title></head>
<body><main id="view"></main><script type="module" src="/events-app.js"></script></body></html>`

let rig: BrowserRig | undefined

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [new URL("./events-app.ts", import.meta.url).pathname],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
  })
  const script = bundle.outputFiles[0]!.text
  const api = NodeHandler(eventsSite, { onError: () => undefined })
  rig = await serveToChromium((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname
    if (path === "/index.html") response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html)
    else if (path === "/events-app.js") response.writeHead(200, { "content-type": "text/javascript" }).end(script)
    else api(request, response)
  })
}, 90_000)

afterAll(async () => {
  await rig?.close()
})

describe("Router.Events in Chromium", () => {
  it("receives typed events over POST, and reconnects with Last-Event-ID", async () => {
    const page = await rig!.browser.context.newPage()
    await page.goto(rig!.origin + "/index.html")
    await page.locator('#view[data-done="yes"]').waitFor({ timeout: 20_000 })
    expect(await page.locator("#view").textContent()).toBe("1@25 2@25 3@25 4@25")
    expect(connections.slice(0, 2)).toEqual(["chromium after 0", "chromium after 2"])
    await page.close()
  }, 60_000)
})
