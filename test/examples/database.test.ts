/**
 * Issue 37, items 3 and 4 without any server: `npm start` keeps its
 * articles in PGlite, in a data folder, across restarts; and
 * `npm run start:cluster` starts its processes and says at start what they
 * do not share (no DATABASE_URL, REDIS_URL or SITELETS_SECRET here).
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"

const root = new URL("../..", import.meta.url).pathname
const data = mkdtempSync(join(tmpdir(), "sitelets-example-data-"))
afterAll(() => rmSync(data, { recursive: true, force: true }))

// The command, with nothing shared in its environment, until `ready` matches what it printed.
function start(script: string, env: Record<string, string>, ready: RegExp) {
  const { DATABASE_URL, REDIS_URL, SITELETS_SECRET, ...rest } = process.env
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: root,
    env: { ...rest, QUIET: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  return new Promise<{ child: ChildProcess; output: string; match: RegExpExecArray }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${output}`)), 40_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = ready.exec(output)
      if (match !== null) {
        clearTimeout(timer)
        resolve({ child, output, match })
      }
    }
    child.stdout!.on("data", read)
    child.stderr!.on("data", read)
  })
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once("exit", () => resolve())
    child.kill("SIGTERM")
    setTimeout(() => child.kill("SIGKILL"), 10_000).unref()
  })

const listening = /listening on http:\/\/localhost:(\d+)[\s\S]*articles and messages: (.*)/

describe("the example's database", () => {
  it("keeps an article written through the API in its PGlite folder across a restart", async () => {
    const first = await start("examples/site/main.ts", { PORT: "0", SITELETS_DATA: data }, listening)
    expect(first.match[2]).toContain(`PGlite in ${data}`)
    const base = `http://127.0.0.1:${first.match[1]}`
    const headers = { "content-type": "application/x-www-form-urlencoded", origin: base }
    const issued = await fetch(`${base}/api/token`, { method: "POST", headers, body: "user=ada&password=lovelace" })
    const { token } = (await issued.json()) as { token: string }
    const created = await fetch(`${base}/api/articles`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", origin: base },
      body: JSON.stringify({ title: "Kept", body: "across a restart" }),
    })
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: number }
    await stop(first.child)
    const second = await start("examples/site/main.ts", { PORT: "0", SITELETS_DATA: data }, listening)
    try {
      const read = await fetch(`http://127.0.0.1:${second.match[1]}/api/articles/${id}`)
      expect(await read.json()).toMatchObject({ id, title: "Kept", body: "across a restart" })
      // The seed is there once: the migration ran on the first start only.
      const all = (await (await fetch(`http://127.0.0.1:${second.match[1]}/api/articles`)).json()) as unknown[]
      expect(all).toHaveLength(4)
    } finally {
      await stop(second.child)
    }
  }, 90_000)
})

describe("npm run start:cluster", () => {
  it("starts WORKERS processes on one port and says what they do not share", async () => {
    const cluster = await start(
      "examples/site/cluster.ts",
      { PORT: "0", WORKERS: "2", SITELETS_DATA: "memory://" },
      /listening on http:\/\/localhost:(\d+)[\s\S]*listening on http:\/\/localhost:(\d+)/,
    )
    try {
      expect(cluster.output).toContain("sitelets example: 2 processes")
      expect(cluster.output).toContain(
        "not shared between them: articles and messages (set DATABASE_URL: each process has its own PGlite); password limits and chat rooms (set REDIS_URL); logins and API tokens (set SITELETS_SECRET: each process signs with its own key)",
      )
    } finally {
      await stop(cluster.child)
    }
  }, 90_000)
})
