/**
 * The README's Deploying snippets for Node, run as they are (tsx, a user's
 * `sitelets` imports): many processes serve one site's users because
 * sessions are signed cookies, and a key rotation keeps old cookies valid
 * while the old key is listed. (Bun, Deno and Workers snippets run in the
 * runtime matrix.)
 */
import { spawn, type ChildProcess } from "node:child_process"
import { afterAll, describe, expect, it } from "vitest"
import { sendRaw, type WireResponse } from "../host/support.js"

const tsx = new URL("../../node_modules/.bin/tsx", import.meta.url).pathname
const root = new URL("../../", import.meta.url).pathname
const oldSecret = "the old deployment secret, 32+ bytes"
const newSecret = "the new deployment secret, 32+ bytes"

interface Started {
  readonly ports: readonly number[]
  readonly output: () => string
  readonly child: ChildProcess
}

const started: ChildProcess[] = []
afterAll(async () => {
  await Promise.all(
    started.map(
      (child) =>
        new Promise<void>((resolve) =>
          child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM")),
        ),
    ),
  )
})

/** Runs a snippet with tsx on an ephemeral port; resolves once `listeners` lines name their ports (bounded: 20 s). */
function run(script: string, env: Record<string, string>, listeners = 1): Promise<Started> {
  const child = spawn(tsx, [`examples/deploy/${script}`], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? root, PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  started.push(child)
  let output = ""
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${output}`)), 20_000)
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      const ports = [...output.matchAll(/(?:listening on http:\/\/127\.0\.0\.1:|listening on port )(\d+)/g)].map(
        (match) => Number(match[1]),
      )
      if (ports.length >= listeners) {
        clearTimeout(timer)
        resolve({ ports, output: () => output, child })
      }
    }
    child.stdout!.on("data", collect)
    child.stderr!.on("data", collect)
    child.once("exit", (code) => reject(new Error(`${script} exited (${code}):\n${output}`)))
  })
}

const form = { "content-type": "application/x-www-form-urlencoded" }
const cookieOf = (response: WireResponse) => (response.headers.get("set-cookie") ?? "").split(";")[0]!
const login = async (port: number, user: string, prefix = "") =>
  cookieOf(await sendRaw(port, { method: "POST", target: `${prefix}/login`, headers: form, body: `user=${user}` }))
const me = async (port: number, cookie: string, prefix = "") =>
  (await sendRaw(port, { target: `${prefix}/me`, headers: { cookie } })).body

describe("deploying on Node (examples/deploy)", () => {
  it("two processes with one secret serve the same users; a rotation keeps old cookies while the old key is listed", async () => {
    const [a, b, rotatedA, rotatedB, newOnly] = await Promise.all([
      run("node.ts", { SESSION_SECRET: oldSecret }),
      run("node.ts", { SESSION_SECRET: oldSecret }),
      run("node.ts", { SESSION_SECRET: newSecret, SESSION_SECRET_OLD: oldSecret }),
      run("node.ts", { SESSION_SECRET: newSecret, SESSION_SECRET_OLD: oldSecret }),
      run("node.ts", { SESSION_SECRET: newSecret }),
    ])
    const [portA, portB, rotatedPortA, rotatedPortB, newOnlyPort] = [a, b, rotatedA, rotatedB, newOnly].map(
      (process) => process!.ports[0]!,
    )

    // Logged in on one process, served as that user by the other.
    const oldCookie = await login(portA!, "alice")
    expect(await me(portB!, oldCookie)).toBe("user: alice")

    // Rotation: the new key signs, the old one still verifies.
    expect(await me(rotatedPortA!, oldCookie)).toBe("user: alice")
    const newCookie = await login(rotatedPortA!, "bob")
    expect(await me(rotatedPortB!, newCookie)).toBe("user: bob")
    expect(await me(newOnlyPort!, newCookie)).toBe("user: bob")
    // Once the old key is dropped, its cookies read as anonymous (never an error)…
    expect(await me(newOnlyPort!, oldCookie)).toBe("user: anonymous")
    // …and a process that never had the new key does not accept the new cookies.
    expect(await me(portA!, newCookie)).toBe("user: anonymous")
  }, 60_000)

  it("cluster workers share a port and every one of them serves a logged-in user", async () => {
    const cluster = await run("cluster.ts", { SESSION_SECRET: oldSecret, WORKERS: "2" }, 2)
    expect(new Set(cluster.ports).size).toBe(1)
    const port = cluster.ports[0]!
    const cookie = await login(port, "carol")
    // Ten connections: the primary hands them out round-robin, so both workers answer some of them.
    for (let i = 0; i < 10; i++) expect(await me(port, cookie)).toBe("user: carol")
    expect(cluster.output().match(/worker \d+ listening/g)).toHaveLength(2)
  }, 60_000)

  it("Express mounts the site at /app: links carry the prefix, other paths reach the app's own routes", async () => {
    const app = await run("express.ts", { SESSION_SECRET: oldSecret })
    const port = app.ports[0]!
    const home = await sendRaw(port, { target: "/app/" })
    expect(home.status).toBe(200)
    expect(home.body).toContain('<form method="post" action="/app/login">')
    expect((await sendRaw(port, { target: "/health" })).body).toBe("ok")
    const loggedIn = await sendRaw(port, { method: "POST", target: "/app/login", headers: form, body: "user=dave" })
    expect({ status: loggedIn.status, location: loggedIn.headers.get("location") }).toEqual({
      status: 303,
      location: "/app/me",
    })
    expect(await me(port, cookieOf(loggedIn), "/app")).toBe("user: dave")
  }, 60_000)
})
