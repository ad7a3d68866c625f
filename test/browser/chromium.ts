/**
 * Starts Chromium (headless) with playwright-core for the browser tests, in
 * a fresh profile. Which Chromium is resolved once per run by the global
 * setup (`chromium-path.ts`) and injected here. A browser that cannot start
 * is a test failure with a clear message, never a silent skip.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { createServer, type RequestListener } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromium, type BrowserContext } from "playwright-core"

type UpgradeListener = (
  req: import("node:http").IncomingMessage,
  socket: import("node:stream").Duplex,
  head: Buffer,
) => void
import { inject } from "vitest"

/** The Chromium the global setup chose (CHROMIUM_PATH, /usr/bin/chromium, or the one @sparticuz/chromium ships). */
export const chromiumPath = (): string => inject("chromiumPath")

// One flag list for every Chromium. The packaged one's own list (`chromium.args`) is made for
// AWS Lambda and turns off web security (CORS, site isolation), which the browser tests rely on.
const args = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]

/** The sentence a failed start throws (written once; the test imports it). */
export const cannotStart = (path: string, reason: string) =>
  `Chromium could not start from ${path} (${reason}). Reinstall the dev dependencies (npm ci brings @sparticuz/chromium) or set CHROMIUM_PATH to a Chromium.`

/** A started browser profile and the function that closes it and deletes the profile. */
export interface StartedBrowser {
  readonly context: BrowserContext
  close(): Promise<void>
}

/**
 * Launches Chromium with a fresh user-data-dir.
 *
 * @example
 * ```ts
 * const browser = await startChromium()
 * const page = await browser.context.newPage()
 * await browser.close()
 * ```
 */
export async function startChromium(executablePath: string = chromiumPath()): Promise<StartedBrowser> {
  const profile = mkdtempSync(join(tmpdir(), "sitelets-chromium-"))
  let context: BrowserContext
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args, timeout: 60_000 })
  } catch (error) {
    rmSync(profile, { recursive: true, force: true })
    const reason = error instanceof Error ? (error.message.split("\n")[0] ?? error.message) : String(error)
    throw new Error(cannotStart(executablePath, reason))
  }
  return {
    context,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** A loopback server and a started browser, closed together. */
export interface BrowserRig {
  /** `http://127.0.0.1:<port>` of the server. */
  readonly origin: string
  readonly browser: StartedBrowser
  close(): Promise<void>
}

/**
 * Serves `listener` on 127.0.0.1 (an ephemeral port), then starts Chromium.
 * If the browser cannot start, the server is closed and the error thrown.
 *
 * @example
 * ```ts
 * const rig = await serveToChromium(NodeHandler(site))
 * await (await rig.browser.context.newPage()).goto(rig.origin + "/")
 * await rig.close()
 * ```
 */
export async function serveToChromium(
  listener: RequestListener & { readonly upgrade?: UpgradeListener },
): Promise<BrowserRig> {
  const server = createServer(listener)
  // A NodeHandler's upgrade listener, for its WebSocket cases.
  if (listener.upgrade !== undefined) server.on("upgrade", listener.upgrade)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const closeServer = () => new Promise((resolve) => server.close(resolve))
  let browser: StartedBrowser
  try {
    browser = await startChromium()
  } catch (error) {
    await closeServer()
    throw error
  }
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    browser,
    async close() {
      await browser.close()
      await closeServer()
    },
  }
}

/**
 * Collects what a reader would see go wrong on a page: uncaught errors,
 * console errors, failed requests and answers of 400 or more.
 *
 * @example
 * ```ts
 * const problems = watchProblems(page)
 * await page.goto(url)
 * expect(problems).toEqual([])
 * ```
 */
export function watchProblems(page: import("playwright-core").Page): string[] {
  const problems: string[] = []
  page.on("pageerror", (error) => problems.push(error.message))
  page.on("console", (message) => void (message.type() === "error" && problems.push(message.text())))
  page.on("requestfailed", (request) => problems.push(`${request.url()} failed`))
  page.on(
    "response",
    (response) => void (response.status() >= 400 && problems.push(`${response.url()} ${response.status()}`)),
  )
  return problems
}
