/**
 * `sitelets/react` in real Chromium: a React app (JSX, bundled with
 * esbuild) rendered on the server with `react-dom/server` inside
 * `Location`, hydrated in the browser; typed `Link`s navigate without a
 * reload, back and forward follow history, the active link carries
 * `aria-current="page"`, `useNavigate` replaces the entry, and a
 * Ctrl-click stays the browser's.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { pathToFileURL } from "node:url"
import { build } from "esbuild"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { serveToChromium, watchProblems, type BrowserRig } from "./chromium.js"

const here = (file: string) => new URL(file, import.meta.url).pathname
const jsx = { jsx: "automatic", jsxImportSource: "react" } as const
let rig: BrowserRig | undefined

beforeAll(async () => {
  const browserBundle = await build({
    entryPoints: [here("./react-main.tsx")],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    define: { "process.env.NODE_ENV": '"production"' },
    write: false,
    logLevel: "silent",
    ...jsx,
  })
  const script = browserBundle.outputFiles[0]!.text
  // The server side, bundled the same way for Node; written where `react` resolves from node_modules.
  const serverBundle = await build({
    entryPoints: [here("./react-server.tsx")],
    bundle: true,
    format: "esm",
    platform: "node",
    packages: "external",
    write: false,
    logLevel: "silent",
    ...jsx,
  })
  const folder = here("../artifacts/")
  mkdirSync(folder, { recursive: true })
  const serverFile = folder + "react-server.mjs"
  writeFileSync(serverFile, serverBundle.outputFiles[0]!.text)
  const { page } = (await import(pathToFileURL(serverFile).href)) as { page: (url: string) => string }
  rig = await serveToChromium((request, response) => {
    const url = request.url ?? "/"
    if (url === "/main.js") response.writeHead(200, { "content-type": "text/javascript" }).end(script)
    else if (url.startsWith("/app"))
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(url))
    else response.writeHead(404).end()
  })
}, 90_000)

afterAll(async () => {
  await rig?.close()
})

describe("sitelets/react in Chromium", () => {
  it("server-renders, hydrates, and navigates with typed links, history and the active link", async () => {
    const { origin, browser } = rig!
    const page = await browser.context.newPage()
    const problems = watchProblems(page)
    const view = () => page.locator("main h1").getAttribute("data-view")
    const loads = () => page.evaluate(() => (window as unknown as { loads: number }).loads)

    await page.goto(origin + "/app/blog/3/hello%20world")
    // The server's HTML already has the typed hrefs and the active link; hydration keeps them.
    expect(await page.locator("#post").getAttribute("href")).toBe("/app/blog/3/hello%20world")
    expect(await page.locator("#archive").getAttribute("href")).toBe("/app/archive/2026-11-27")
    expect(await page.locator("#post").getAttribute("aria-current")).toBe("page")
    expect(await page.locator("#post").getAttribute("class")).toBe("active")
    expect(await page.locator("#home").getAttribute("aria-current")).toBeNull()
    await page.waitForFunction(() => (window as unknown as { loads?: number }).loads === 1)
    expect(await view()).toBe("Post")

    await page.locator("#home").click()
    await page.locator('main h1[data-view="Home"]').waitFor()
    expect(page.url()).toBe(origin + "/app")
    expect(await page.locator("#home").getAttribute("aria-current")).toBe("page")
    expect(await page.locator("#post").getAttribute("aria-current")).toBeNull()
    expect(await page.locator("#post").getAttribute("class")).toBeNull()

    await page.locator("#archive").click()
    await page.locator('main h1[data-view="Archive"]').waitFor()
    expect(await page.locator("main h1").textContent()).toBe("Archive 2026-11-27")

    await page.goBack()
    await page.locator('main h1[data-view="Home"]').waitFor()
    await page.goBack()
    await page.locator('main h1[data-view="Post"]').waitFor()
    expect(await page.locator("main h1").textContent()).toBe("Post 3: hello world")
    await page.goForward()
    await page.locator('main h1[data-view="Home"]').waitFor()

    // useNavigate with replace: the Home entry becomes the search.
    await page.locator("#search button").click()
    await page.locator('main h1[data-view="Search"]').waitFor()
    expect(page.url()).toBe(origin + "/app/search?q=typed&page=2")
    await page.goBack()
    await page.locator('main h1[data-view="Post"]').waitFor()
    expect(await loads()).toBe(1)

    // A Ctrl-click is the browser's (a new tab): this page stays where it is.
    const tabs = browser.context.waitForEvent("page")
    await page.locator("#home").click({ modifiers: ["Control"] })
    await (await tabs).close()
    expect(page.url()).toBe(origin + "/app/blog/3/hello%20world")
    expect(await view()).toBe("Post")
    expect(await loads()).toBe(1)
    expect(problems).toEqual([])
    await page.close()
  }, 60_000)
})
