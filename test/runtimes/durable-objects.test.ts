/**
 * Issue 37, item 1 on Workers: `durableObjectStore` and `RateLimitObject`
 * in workerd (from npm, as the matrix's other runtimes): the same
 * rate-limit contract as the memory and Redis stores, and a limited site
 * answering 429 from the object's bucket.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { accepts, freePort } from "../../bench/common/loopback.js"
import { rateLimitContract } from "../sitelet/rate-limit-contract.js"
import { binaryOf } from "./launch.js"

const here = fileURLToPath(new URL(".", import.meta.url))
const dist = `${here}dist/limits/`
let port: number
let child: ChildProcess
let stderr = ""

beforeAll(async () => {
  mkdirSync(dist, { recursive: true })
  await build({
    entryPoints: [`${here}limits-worker.ts`],
    outfile: `${dist}limits.mjs`,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    logLevel: "error",
  })
  port = await freePort()
  writeFileSync(
    `${dist}config.capnp`,
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "limits", worker = (
      modules = [ (name = "limits.mjs", esModule = embed "limits.mjs") ],
      compatibilityDate = "2026-11-01",
      bindings = [ (name = "LIMITS", durableObjectNamespace = "RateLimitObject") ],
      durableObjectNamespaces = [ (className = "RateLimitObject", uniqueKey = "sitelets-test-rate-limit") ],
      durableObjectStorage = (inMemory = void),
    )),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "limits") ],
);
`,
  )
  child = spawn(binaryOf("workerd"), ["serve", `${dist}config.capnp`], {
    cwd: dist,
    stdio: ["ignore", "ignore", "pipe"],
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? here },
  })
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
  for (let attempt = 0; !(await accepts(port)); attempt++) {
    if (attempt > 200 || child.exitCode !== null) throw new Error(`workerd did not start:\n${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}, 60_000)

afterAll(() => {
  child?.kill("SIGKILL")
})

describe("durableObjectStore in workerd: the rate-limit contract", () => {
  rateLimitContract(() => async (key, rule, now) => {
    const response = await fetch(`http://127.0.0.1:${port}/take`, {
      method: "POST",
      body: JSON.stringify({ key, capacity: rule.capacity, refillPerSecond: rule.refillPerSecond, now }),
    })
    if (!response.ok) throw new Error(`take answered ${response.status}: ${await response.text()}\n${stderr}`)
    return response.json()
  })
})

describe("a site limited through a Durable Object", () => {
  it("answers within the bucket, then 429 with Retry-After, whichever connection asks", async () => {
    const get = () => fetch(`http://127.0.0.1:${port}/limited`)
    expect((await get()).status).toBe(200)
    expect((await get()).status).toBe(200)
    const refused = await get()
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(900)
  })
})
