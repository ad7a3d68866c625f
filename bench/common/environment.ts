/**
 * The machine, runtime and package versions a benchmark ran with, for the
 * header of BENCHMARKS.md.
 */
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { cpus, totalmem, type as osType, release } from "node:os"
import { repoPath } from "./paths.js"

/** Where and with what the figures were taken. */
export interface Environment {
  readonly date: string
  readonly cpu: string
  readonly cores: number
  readonly memoryGiB: number
  readonly os: string
  readonly node: string
  /** The commit measured, and whether src/ had uncommitted changes. */
  readonly commit: string
  readonly packages: ReadonlyArray<readonly [name: string, version: string]>
}

/**
 * The installed version of a package (its own package.json), or "missing".
 *
 * @example
 * ```ts
 * installedVersion("find-my-way") //=> "9.10.1"
 * ```
 */
export function installedVersion(name: string, modules = "node_modules"): string {
  try {
    // Read the file itself: not every package exports "./package.json".
    const parsed = JSON.parse(readFileSync(repoPath(`${modules}/${name}/package.json`), "utf8")) as {
      version?: unknown
    }
    return typeof parsed.version === "string" ? parsed.version : "unknown"
  } catch {
    return "missing"
  }
}

const peers = [
  "sitelets",
  "find-my-way",
  "rou3",
  "hono",
  "@hono/node-server",
  "path-to-regexp",
  "fastify",
  "express",
  "autocannon",
  "tsx",
  "typescript",
] as const

/**
 * Describes this machine and the packages under test.
 *
 * @example
 * ```ts
 * environment().node //=> "v20.20.2"
 * ```
 */
export function environment(): Environment {
  const list = cpus()
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    cpu: list[0]?.model.trim() ?? "unknown",
    cores: list.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${osType()} ${release()}`,
    node: process.version,
    commit: commitOf(),
    packages: [
      ...peers.map((name) => [name, name === "sitelets" ? ownVersion() : installedVersion(name)] as const),
      // The runtimes of the Bun, Deno and workerd rows, from the runtime matrix's own install.
      ...(["bun", "deno", "workerd"] as const).map(
        (name) => [name, installedVersion(name, "test/runtimes/node_modules")] as const,
      ),
    ],
  }
}

function ownVersion(): string {
  return (JSON.parse(readFileSync(repoPath("package.json"), "utf8")) as { version: string }).version
}

function commitOf(): string {
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: repoPath("."), encoding: "utf8" }).trim()
    const head = git("rev-parse", "--short", "HEAD")
    return git("status", "--porcelain", "--", "src") === "" ? head : `${head} + uncommitted changes in src/`
  } catch {
    return "unknown (not a git checkout)"
  }
}
