/**
 * Issue 37 on Workers, in workerd (from npm, as the matrix's other
 * runtimes): `durableObjectStore` and `RateLimitObject` keep the same
 * rate-limit contract as the memory and Redis stores, and a limited site
 * answers 429 from the object's bucket; `durableObjectBus` and
 * `TopicObject` keep the same topic bus contract as the memory and Redis
 * buses (each subscription a Worker request with its own socket to the
 * room's object), and a chat room on a `Topic` reaches every socket.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { accepts, freePort } from "../../bench/common/loopback.js"
import { WebSocket } from "ws"
import { deliver, type TopicBus } from "../../src/sitelet/sockets/topic-bus.js"
import { rateLimitContract } from "../sitelet/limits/rate-limit-contract.js"
import { eventually, topicBusContract } from "../sitelet/sockets/topic-contract.js"
import { binaryOf } from "./launch.js"

const here = fileURLToPath(new URL(".", import.meta.url))
const dist = `${here}dist/limits/`
let port: number
let child: ChildProcess
let stderr = ""

beforeAll(async () => {
  mkdirSync(dist, { recursive: true })
  await build({
    entryPoints: [`${here}durable-worker.ts`],
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
      bindings = [
        (name = "LIMITS", durableObjectNamespace = "RateLimitObject"),
        (name = "TOPICS", durableObjectNamespace = "TopicObject"),
      ],
      durableObjectNamespaces = [
        (className = "RateLimitObject", uniqueKey = "sitelets-test-rate-limit"),
        (className = "TopicObject", uniqueKey = "sitelets-test-topic"),
      ],
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

// The bus as a Node process sees it through the Worker: each subscription is a request (a socket) to the Worker.
const workerBus = (): TopicBus => ({
  async publish(channel, text) {
    const response = await fetch(`http://127.0.0.1:${port}/bus/publish?channel=${encodeURIComponent(channel)}`, {
      method: "POST",
      body: text,
    })
    if (response.status !== 204) throw new Error(`publish answered ${response.status}\n${stderr}`)
  },
  async subscribe(channel, listener) {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/bus/subscribe?channel=${encodeURIComponent(channel)}`)
    // As every bus does: a listener's exception stays with it.
    socket.on("message", (data) => deliver(listener, data.toString(), () => undefined))
    await new Promise((resolve, reject) => (socket.once("open", resolve), socket.once("error", reject)))
    return async () => {
      if (socket.readyState === WebSocket.CLOSED) return
      socket.close()
      await new Promise((resolve) => socket.once("close", resolve))
    }
  },
})

describe("durableObjectBus in workerd: the topic bus contract", () => {
  topicBusContract(() => workerBus())
})

describe("a chat room on a Topic carried by Durable Objects", () => {
  it("relays what one visitor says to every visitor of the room, and to no other room", async () => {
    const open = async (room: string) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/room/${room}/socket`)
      const heard: Array<{ $: string; text: string; at: string }> = []
      socket.on("message", (data) => heard.push(JSON.parse(data.toString())))
      await new Promise((resolve, reject) => (socket.once("open", resolve), socket.once("error", reject)))
      return { socket, heard }
    }
    const [ada, bob, eve] = [await open("lobby"), await open("lobby"), await open("kitchen")]
    ada.socket.send(JSON.stringify({ $: "Say", text: "hello" }))
    await eventually(() => ada.heard.length === 1 && bob.heard.length === 1, "the message at both visitors")
    expect(bob.heard[0]).toMatchObject({ $: "Message", text: "hello" })
    expect(Number.isNaN(Date.parse(bob.heard[0]!.at))).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(eve.heard).toEqual([])
    for (const { socket } of [ada, bob, eve]) socket.close()
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
