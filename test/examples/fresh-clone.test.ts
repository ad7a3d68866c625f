/**
 * Issue 50, item 1: the README's first command, exactly as written, on what
 * a fresh clone holds — the files git tracks (and those it would track,
 * so an uncommitted edit is tried too), none of the folders it ignores
 * (`node_modules/`, `dist/`, `.data/`). `npm install` there (from npm's
 * cache when it has the packages: the lock file is the same), then
 * `npm start`, then `/` and a page that reads the database.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"

const root = new URL("../..", import.meta.url).pathname
const readme = readFileSync(join(root, "README.md"), "utf8")
const npm = process.platform === "win32" ? "npm.cmd" : "npm"

// The files a clone of this working tree has: tracked, and untracked but not ignored.
function cloneFiles(): string[] | undefined {
  try {
    const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: root,
      encoding: "utf8",
    })
    return listed.split("\0").filter((file) => file !== "" && existsSync(join(root, file)))
  } catch {
    return undefined
  }
}

const files = cloneFiles()
const clone = mkdtempSync(join(tmpdir(), "sitelets-fresh-clone-"))
afterAll(() => rmSync(clone, { recursive: true, force: true }))

function run(command: string, args: string[]): ChildProcess {
  return spawn(npm, [command, ...args], {
    cwd: clone,
    env: { ...process.env, npm_config_audit: "false", npm_config_fund: "false" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
}

function output(child: ChildProcess): { text: string } {
  const seen = { text: "" }
  child.stdout!.on("data", (chunk: Buffer) => (seen.text += chunk.toString()))
  child.stderr!.on("data", (chunk: Buffer) => (seen.text += chunk.toString()))
  return seen
}

describe.skipIf(files === undefined)("a fresh clone, as the README says", () => {
  it("has the README's commands", () => {
    expect(readme).toContain("npm install && npm start")
    expect(readme).toContain("npm install && npm test")
  })

  it("`npm install && npm start` serves the example site on the port it was given", async () => {
    for (const file of files!) {
      mkdirSync(dirname(join(clone, file)), { recursive: true })
      cpSync(join(root, file), join(clone, file))
    }
    expect(existsSync(join(clone, "node_modules"))).toBe(false)
    expect(existsSync(join(clone, ".data"))).toBe(false)

    // The lock file pins every package, so npm's cache (filled by this checkout's own install) serves them.
    const install = run("install", ["--prefer-offline", "--no-progress"])
    const installed = output(install)
    const code = await new Promise<number | null>((resolve) => install.on("exit", resolve))
    expect(code, installed.text).toBe(0)

    // Nothing shared, as on a new machine: the example's own PGlite folder and in-memory services.
    const shared = new Set(["DATABASE_URL", "REDIS_URL", "SITELETS_SECRET", "SITELETS_DATA"])
    const rest = Object.fromEntries(Object.entries(process.env).filter(([name]) => !shared.has(name)))
    const server = spawn(npm, ["start"], {
      cwd: clone,
      env: { ...rest, PORT: "0", QUIET: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    })
    const started = output(server)
    try {
      const port = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`npm start did not listen:\n${started.text}`)), 60_000)
        const poll = setInterval(() => {
          const match = /listening on http:\/\/localhost:(\d+)/.exec(started.text)
          if (match !== null) {
            clearInterval(poll)
            clearTimeout(timer)
            resolve(match[1]!)
          }
        }, 100)
        server.on("exit", (exit) => {
          clearInterval(poll)
          clearTimeout(timer)
          reject(new Error(`npm start exited (${exit}):\n${started.text}`))
        })
      })
      const home = await fetch(`http://127.0.0.1:${port}/`)
      expect(home.status, started.text).toBe(200)
      expect(await home.text()).toContain("<!DOCTYPE html>")
      // The articles come from the database the first start made in the clone's own data folder.
      const articles = await fetch(`http://127.0.0.1:${port}/api/articles`)
      expect(articles.status, started.text).toBe(200)
      expect(existsSync(join(clone, ".data", "example"))).toBe(true)
      expect(started.text).not.toMatch(/\bError\b/)
    } finally {
      server.removeAllListeners("exit")
      try {
        process.kill(-server.pid!, "SIGTERM")
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 500))
      try {
        process.kill(-server.pid!, "SIGKILL")
      } catch {}
    }
  }, 240_000)
})
