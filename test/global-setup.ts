/**
 * Vitest global setup: resolves the Chromium of the browser tests once for
 * the whole run and hands its path to every test file (`inject`); and, at
 * the end, names the suites left out for want of a server on this machine
 * (Redis, PostgreSQL), for `npm run test:services`.
 */
import type { TestProject } from "vitest/node"
import { resolveChromium } from "./browser/chromium-path.js"
import { hasPostgres } from "./support/postgres-server.js"
import { redisBinary } from "./support/redis-server.js"

declare module "vitest" {
  export interface ProvidedContext {
    /** The Chromium executable the browser tests launch. */
    chromiumPath: string
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const chromium = await resolveChromium(process.env)
  project.provide("chromiumPath", chromium.path)
  const left = [
    ...(redisBinary === undefined ? ["test/redis (no redis-server)"] : []),
    ...(redisBinary === undefined || !hasPostgres ? ["test/services (needs redis-server and PostgreSQL)"] : []),
  ]
  return () => {
    if (left.length > 0)
      console.log(
        `\nSkipped here: ${left.join(", ")}. \`npm run test:services\` installs what they need and runs them.`,
      )
  }
}
