/**
 * Issue 27, items 4 and 6: the example site's chat room in real Chromium —
 * two pages in one room talk to each other through the typed client
 * (`Router.Socket`, bundled for the browser) and the server's typed socket,
 * with no console error; a page in another room hears nothing of it.
 */
import { mkdirSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Page } from "playwright-core"
import { NodeHandler } from "../../src/host/node/index.js"
import { Router } from "../../src/router/router.js"
import { chat } from "../../examples/site/chat/serve.js"
import { Chat } from "../../examples/site/chat/messages.js"
import { site } from "../../examples/site/site.js"
import { serveToChromium, type BrowserRig } from "./chromium.js"

const artifacts = new URL("../artifacts/", import.meta.url).pathname
let rig: BrowserRig | undefined
const router = Router.Infer(Chat)

beforeAll(async () => {
  rig = await serveToChromium(NodeHandler(site.plus(chat())))
}, 90_000)

afterAll(async () => {
  await rig?.close()
})

async function enter(room: string, problems: string[]): Promise<Page> {
  const page = await rig!.browser.context.newPage()
  page.on("pageerror", (error) => problems.push(error.message))
  page.on("console", (message) => void (message.type() === "error" && problems.push(message.text())))
  await page.goto(rig!.origin + router.Link({ $: "Room", room }))
  await page.locator("#chat[data-connected]").waitFor()
  return page
}

async function say(page: Page, name: string, text: string) {
  await page.fill('input[name="name"]', name)
  await page.fill('input[name="text"]', text)
  await page.click('button[type="submit"]')
}

describe("the example chat room in Chromium", () => {
  it("lets two pages in one room talk to each other, and keeps other rooms apart", async () => {
    const problems: string[] = []
    const ada = await enter("garden", problems)
    const bob = await enter("garden", problems)
    const eve = await enter("cellar", problems)
    await ada.locator("#present", { hasText: "2 here" }).waitFor()

    await say(ada, "Ada", "hello from Ada")
    await bob.locator("#messages li", { hasText: "hello from Ada" }).waitFor()
    await say(bob, "Bob", "hi Ada")
    await ada.locator("#messages li", { hasText: "hi Ada" }).waitFor()

    expect(await ada.locator("#messages li strong").allTextContents()).toEqual(["Ada", "Bob"])
    expect(await bob.locator("#messages li").count()).toBe(2)
    expect(await eve.locator("#messages li").count()).toBe(0)
    mkdirSync(artifacts, { recursive: true })
    await ada.screenshot({ path: `${artifacts}chat-room.png` })

    await bob.close()
    await ada.locator("#present", { hasText: "1 here" }).waitFor()
    expect(problems).toEqual([])
    await ada.close()
    await eve.close()
  })
})
