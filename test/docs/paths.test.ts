/**
 * Issue 52, item 4: the map matches the house. Every file of the repository
 * that a page of the documentation (README.md, CONTRIBUTING.md, docs/) or a
 * comment in src/ names by its path exists — `src/sitelet/auth/protect.ts`,
 * `test/sitelet/limits/rate-limit-contract.ts`, or a path inside a room
 * (`host/serve.ts`, read under src/) — so a file that moves to another room
 * takes every mention of it along, or this test names the stale one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { describe, expect, it } from "vitest"

const root = new URL("../..", import.meta.url).pathname

function filesUnder(folder: string, keep: (path: string) => boolean): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    if (name === "node_modules" || name === "site") return []
    return statSync(path).isDirectory() ? filesUnder(path, keep) : keep(path) ? [path] : []
  })
}

const pages = ["README.md", "CONTRIBUTING.md"]
  .map((page) => join(root, page))
  .concat(filesUnder(join(root, "docs"), (path) => path.endsWith(".md")))
const sources = filesUnder(join(root, "src"), (path) => path.endsWith(".ts"))
const rooms = readdirSync(join(root, "src")).filter((name) => statSync(join(root, "src", name)).isDirectory())

// A path as prose writes it: a folder of the repository, then folders and a file with an extension.
const repositoryPath =
  /(?<![\w./-])((?:src|test|bench|examples|scripts|type-tests)\/[\w./-]*\w\.(?:tsx?|mjs|json|md))\b/g
// A path inside a room, in backticks: `host/serve.ts`.
const roomPath = /`((?:[a-z]+)\/[\w./-]*\w\.tsx?)`/g

/**
 * A path of a user's project the docs show (`src/endpoints.ts`, `src/server.ts`):
 * a file at the top of src/, where this repository keeps only its package
 * entries; and test/artifacts/, which a test run writes.
 */
const userProject = (path: string) =>
  (/^src\/[\w.-]+$/.test(path) && !existsSync(join(root, path))) || path.startsWith("test/artifacts/")

/** The paths a text names that are not in the repository, as `file:line: path`. */
function stalePaths(file: string, withRooms: boolean): string[] {
  const lines = readFileSync(file, "utf8").split("\n")
  return lines.flatMap((line, index) => {
    const named = [...line.matchAll(repositoryPath)].map((match) => match[1] as string)
    if (withRooms)
      for (const match of line.matchAll(roomPath)) {
        const path = match[1] as string
        if (rooms.includes(path.split("/")[0] as string)) named.push(`src/${path}`)
      }
    return named
      .filter((path) => !userProject(path) && !existsSync(join(root, path)))
      .map((path) => `${relative(root, file)}:${index + 1}: ${path}`)
  })
}

describe("paths the documentation names", () => {
  it("reads the pages and the sources", () => {
    expect(pages.length).toBeGreaterThan(20)
    expect(sources.length).toBeGreaterThan(250)
    expect(rooms).toContain("sitelet")
  })

  it("exist, for every path a page of the documentation names", () => {
    expect(pages.flatMap((page) => stalePaths(page, true))).toEqual([])
  })

  it("exist, for every repository path a comment in src/ names", () => {
    expect(sources.flatMap((source) => stalePaths(source, false))).toEqual([])
  })
})
