/**
 * Issue 26, items 3 and 4: the documentation site, tested as a reader would.
 * `buildDocs` exports it (TypeDoc's API reference included) under the base
 * path `/sitelets`, as on a project page; a real static file server
 * (`express.static`) serves the output. Every HTML file's internal links
 * and anchors resolve; in Chromium every page loads with no console error
 * or failed request, has no horizontal overflow and its navigation in
 * reach at a phone's and a desktop's width (screenshots in test/artifacts/);
 * and search finds a term from a deep page and leads to it.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import express from "express"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildDocs } from "../../docs/site/build.js"
import { pageSlugs } from "../../docs/site/content.js"
import type { ExportReport } from "../../src/host/node/index.js"
import { startChromium, type StartedBrowser, watchProblems } from "../browser/chromium.js"

const base = "/sitelets"
const artifacts = new URL("../artifacts/", import.meta.url).pathname
let out = ""
let report: ExportReport
let server: Server
let origin = ""
let browser: StartedBrowser | undefined

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), "sitelets-docs-"))
  report = await buildDocs(out, base)
  const app = express()
  app.use(base, express.static(out, { extensions: ["html"] }))
  server = createServer(app)
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await startChromium()
  mkdirSync(artifacts, { recursive: true })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await new Promise<void>((done) => server.close(() => done()))
  rmSync(out, { recursive: true, force: true })
})

const htmlFiles = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    return entry.isDirectory() ? htmlFiles(path) : entry.name.endsWith(".html") ? [path] : []
  })

const idsOf = (html: string) => new Set([...html.matchAll(/\s(?:id|name)="([^"]+)"/g)].map((match) => match[1]!))

// The URL path a static host serves a file at (a page without its .html, as the links write it).
const urlOf = (file: string) => `${base}/${relative(out, file).split("\\").join("/")}`

// The file a static host answers a path with: the directory's index.html, the file, or the page's .html.
function fileText(path: string): string {
  const inside = join(out, ...path.slice(base.length).split("/").map(decodeURIComponent))
  for (const candidate of [join(inside, "index.html"), inside, `${inside}.html`]) {
    try {
      return readFileSync(candidate, "utf8")
    } catch {}
  }
  return ""
}

const pages = ["", ...pageSlugs].map((slug) => `${base}/${slug}`)

describe("the documentation site", () => {
  it("exports every page, the search index and the API reference, and nothing failed", () => {
    expect(report.failed).toEqual([])
    const urls = new Set(report.written.map((file) => file.url))
    for (const slug of pageSlugs) expect(urls).toContain(`/${slug}`)
    expect(urls).toContain("/search-index.json")
    expect(urls).toContain("/api/index.html")
    expect(report.written.filter((file) => file.url.startsWith("/api/")).length).toBeGreaterThan(50)
  })

  it("resolves every internal link and anchor of every HTML file, the API reference's included", async () => {
    const files = htmlFiles(out)
    const texts = new Map(files.map((file) => [urlOf(file), readFileSync(file, "utf8")]))
    const idsByPath = new Map<string, Set<string>>()
    const broken: string[] = []
    const status = new Map<string, number>()
    for (const [from, html] of texts) {
      for (const [, href] of html.matchAll(/\shref="([^"]+)"/g)) {
        // A link of another scheme is text the renderer took for an autolink ('<id:integer>' was one).
        if (/^[a-z][a-z0-9+.-]*:/i.test(href!) && !/^(https?|mailto):/i.test(href!)) {
          broken.push(`${from}: ${href} is a link of an unknown scheme`)
          continue
        }
        const target = new URL(href!.replace(/&amp;/g, "&"), `http://docs${from}`)
        if (target.host !== "docs") continue
        if (!target.pathname.startsWith(`${base}/`) && target.pathname !== base) {
          broken.push(`${from}: ${href} is outside ${base}`)
          continue
        }
        if (!status.has(target.pathname)) status.set(target.pathname, (await fetch(origin + target.pathname)).status)
        if (status.get(target.pathname) !== 200) {
          broken.push(`${from}: ${href} answers ${status.get(target.pathname)}`)
          continue
        }
        if (target.hash === "") continue
        let ids = idsByPath.get(target.pathname)
        if (ids === undefined) idsByPath.set(target.pathname, (ids = idsOf(fileText(target.pathname))))
        if (!ids.has(decodeURIComponent(target.hash.slice(1)))) broken.push(`${from}: ${href} has no such anchor`)
      }
    }
    expect(status.size).toBeGreaterThan(100)
    expect(broken).toEqual([])
  }, 60_000)

  it.each([
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1280, height: 800 }],
  ] as const)(
    "loads every page in Chromium at a %s's width: no console error, no overflow, the navigation in reach",
    async (name, viewport) => {
      const page = await browser!.context.newPage()
      await page.setViewportSize(viewport)
      const problems = watchProblems(page)
      for (const path of pages) {
        await page.goto(origin + path)
        const layout = await page.evaluate(() => {
          const links = [...document.querySelectorAll<HTMLAnchorElement>(".pages a")]
          return {
            overflow: document.documentElement.scrollWidth - window.innerWidth,
            links: links.length,
            // Reachable: laid out (not hidden) and within the page's width, so scrolling reaches it.
            unreachable: links.filter((a) => {
              const box = a.getBoundingClientRect()
              return box.width === 0 || box.left < 0 || box.right > window.innerWidth
            }).length,
            current: document.querySelector('.pages a[aria-current="page"]')?.textContent ?? null,
            highlighted: document.querySelectorAll("pre.shiki").length,
          }
        })
        expect(layout.overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0)
        expect(layout.links).toBe(pageSlugs.length + 2)
        expect(layout.unreachable, `${path}: navigation links out of reach`).toBe(0)
        expect(layout.current, path).not.toBeNull()
        if (path.endsWith("/route-templates")) expect(layout.highlighted).toBeGreaterThan(5)
        await page.screenshot({ path: `${artifacts}docs${path.replace(/\//g, "-")}-${name}.png` })
      }
      expect(problems).toEqual([])
      await page.close()
    },
    60_000,
  )

  it("finds a term from a deep page with the search box, and leads to its section", async () => {
    const page = await browser!.context.newPage()
    await page.goto(`${origin}${base}/`)
    // A name from the security page's guards section, far from the overview.
    await page.locator("#search").fill("RateLimitStore")
    const first = page.locator("#search-results a").first()
    await first.waitFor()
    const href = await first.getAttribute("href")
    expect(href).toMatch(new RegExp(`^${base}/security#`))
    await first.click()
    await page.waitForURL(`**${href}`)
    const anchor = decodeURIComponent(new URL(page.url()).hash.slice(1))
    expect(await page.locator(`[id="${anchor}"]`).count()).toBe(1)
    await page.close()
  })
})
