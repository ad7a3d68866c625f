/**
 * Vitest global setup: resolves the Chromium of the browser tests once for
 * the whole run and hands its path to every test file (`inject`).
 */
import type { TestProject } from "vitest/node"
import { resolveChromium } from "./browser/chromium-path.js"

declare module "vitest" {
  export interface ProvidedContext {
    /** The Chromium executable the browser tests launch. */
    chromiumPath: string
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const chromium = await resolveChromium(process.env)
  project.provide("chromiumPath", chromium.path)
}
