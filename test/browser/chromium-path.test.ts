import { existsSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { resolveChromium, systemChromium } from "./chromium-path.js"

describe("which Chromium the browser tests drive", () => {
  it("CHROMIUM_PATH wins", async () => {
    expect(await resolveChromium({ CHROMIUM_PATH: "/opt/my/chrome" })).toEqual({
      path: "/opt/my/chrome",
      source: "CHROMIUM_PATH",
    })
  })

  it("then a system Chromium, else the one @sparticuz/chromium ships", async () => {
    const chosen = await resolveChromium({ CHROMIUM_PATH: "" })
    expect(chosen.source).toBe(existsSync(systemChromium) ? "system" : "@sparticuz/chromium")
    expect(existsSync(chosen.path)).toBe(true)
  }, 60_000)
})
