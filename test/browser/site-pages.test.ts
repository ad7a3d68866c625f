/**
 * Issue 26, item 1: the example site's pages (JSX, `examples/site/*.tsx`)
 * with their layout and stylesheet, in real Chromium at a phone's width and
 * a desktop's. Each page loads with no console error and no failed request,
 * its stylesheet applies (the header bar, the page's background), nothing
 * is wider than the screen, the navigation is all on screen, and the
 * section the page belongs to is marked. Screenshots go to test/artifacts/
 * (ignored by git) for a human to look at.
 */
import { mkdirSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Page } from "playwright-core"
import { NodeHandler } from "../../src/host/node/index.js"
import { Router } from "../../src/router/router.js"
import { Site } from "../../examples/site/endpoints.js"
import { exampleHostOptions } from "../../examples/site/host-options.js"
import { site } from "../../examples/site/site.js"
import { serveToChromium, type BrowserRig, watchProblems } from "./chromium.js"

const artifacts = new URL("../artifacts/", import.meta.url).pathname
const router = Router.Infer(Site)

let rig: BrowserRig | undefined

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true })
  rig = await serveToChromium(
    NodeHandler(site, { ...exampleHostOptions(() => undefined), session: { secret: "x".repeat(32) } }),
  )
}, 90_000)

afterAll(async () => {
  await rig?.close()
})

// Each page by its typed link, with the navigation section it marks (none for the home page).
const visits = [
  ["home", router.Link({ $: "Home" }), undefined],
  ["blog", router.Link({ $: "Blog" }), "Blog"],
  ["article", router.Link({ $: "ArticleBySlug", slug: "typed-links" }), "Blog"],
  ["search", router.Link({ $: "Search", q: "typed" }), "Search"],
  ["contact", router.Link({ $: "Contact" }), "Contact"],
  ["login", router.Link({ $: "Account", page: { $: "Login" } }), "Account"],
] as const

const widths = [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
] as const

async function checkPage(page: Page, section: string | undefined) {
  const layout = await page.evaluate(() => {
    const nav = [...document.querySelectorAll(".masthead nav a")]
    const body = getComputedStyle(document.body)
    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      navOffScreen: nav.filter((a) => {
        const box = a.getBoundingClientRect()
        return box.left < 0 || box.right > window.innerWidth || box.width === 0
      }).length,
      navCount: nav.length,
      background: body.backgroundColor,
      margin: body.margin,
      header: getComputedStyle(document.querySelector(".masthead")!).borderBottomStyle,
      current: document.querySelector('.masthead nav a[aria-current="page"]')?.textContent ?? null,
      title: document.querySelector("main h1")?.textContent ?? "",
    }
  })
  expect(layout.overflow, "wider than the screen").toBeLessThanOrEqual(0)
  expect(layout.navCount).toBe(8)
  expect(layout.navOffScreen, "navigation links off screen").toBe(0)
  // The stylesheet applied: a washed background (not the default white), no default body margin, a header rule.
  expect(layout.background).not.toBe("rgba(0, 0, 0, 0)")
  expect(layout.margin).toBe("0px")
  expect(layout.header).toBe("solid")
  expect(layout.current).toBe(section ?? null)
  expect(layout.title).not.toBe("")
}

describe("the example site's pages in Chromium", () => {
  it.each(widths)("look right at a %s's width", async (name, viewport) => {
    const page = await rig!.browser.context.newPage()
    await page.setViewportSize(viewport)
    const problems = watchProblems(page)
    for (const [pageName, path, section] of visits) {
      await page.goto(rig!.origin + path)
      await checkPage(page, section)
      await page.screenshot({ path: `${artifacts}site-${pageName}-${name}.png`, fullPage: true })
    }
    expect(problems).toEqual([])
    await page.close()
  })
})
