/**
 * The published package, checked on the tarball `npm pack` makes: its
 * files, publint, Are The Types Wrong (ESM-only profile), and that it
 * imports in Node the way the README says.
 */
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { publint } from "publint"
import { formatMessage } from "publint/utils"
import { beforeAll, describe, expect, it } from "vitest"
import { type Packed, packPackage } from "./packed.js"

const root = new URL("../..", import.meta.url).pathname
let packed: Packed
beforeAll(() => {
  packed = packPackage()
}, 60_000)

describe("the packed package", () => {
  it("holds the build, README, LICENSE and package.json: no sources, no source maps", () => {
    const top = new Set(packed.files.map((file) => file.split("/")[0]))
    expect([...top].sort()).toEqual(["LICENSE", "README.md", "dist", "package.json"])
    expect(packed.files.filter((file) => file.endsWith(".map"))).toEqual([])
    for (const entry of ["dist/index.js", "dist/index.d.ts", "dist/host/node.js", "dist/client/index.js"]) {
      expect(packed.files).toContain(entry)
    }
  })

  it("declares types under their own names: no bundler-renamed `Handler$1` in what a user hovers", () => {
    const declarations = packed.files.filter((file) => file.endsWith(".d.ts"))
    expect(declarations.length).toBeGreaterThan(50)
    const renamed: string[] = []
    for (const file of declarations) {
      const text = readFileSync(join(packed.folder, "node_modules", "sitelets", file), "utf8")
      for (const match of text.matchAll(/\b[A-Za-z_]\w*\$\d+\b/g)) renamed.push(`${file}: ${match[0]}`)
    }
    expect(renamed).toEqual([])
  })

  it("passes publint", async () => {
    const tarball = readFileSync(packed.tarball)
    const { messages, pkg } = await publint({
      pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
    })
    expect(messages.map((message) => `${message.type}: ${formatMessage(message, pkg)}`)).toEqual([])
  }, 60_000)

  it("passes Are The Types Wrong under the ESM-only profile", () => {
    // Exits non-zero on any problem the profile counts.
    const output = execFileSync(
      `${root}node_modules/.bin/attw`,
      [packed.tarball, "--profile", "esm-only", "--format", "ascii"],
      {
        encoding: "utf8",
      },
    )
    const checked = output
      .split("\n")
      .filter((line) => line.startsWith("node16 (from ESM):") || line.startsWith("bundler:"))
    // Four entries (., ./node, ./client, ./package.json), each resolved by both ESM-aware resolutions.
    expect(checked).toHaveLength(8)
    expect(checked.filter((line) => !line.includes("🟢"))).toEqual([])
  }, 60_000)

  it("imports in Node as the README says: ESM entry points, require() refused", () => {
    const script = `
      const root = await import("sitelets"), node = await import("sitelets/node"), client = await import("sitelets/client")
      const site = root.Sitelet.Infer(root.t.union({ Home: "GET /" }), () => root.Content.Text("home"))
      console.log(typeof node.NodeHandler(site), client.Router.Infer(root.t.union({ A: "GET /a/<id:int>" })).Link({ $: "A", id: 1 }))
    `
    expect(
      execFileSync(process.execPath, ["--input-type=module", "-e", script], {
        cwd: packed.folder,
        encoding: "utf8",
      }).trim(),
    ).toBe("function /a/1")
    // ESM only: require() of the package fails on Node 20 (22+ may load ESM through require).
    const required = () =>
      execFileSync(process.execPath, ["-e", 'require("sitelets")'], { cwd: packed.folder, stdio: "pipe" })
    if (Number(process.versions.node.split(".")[0]) < 22)
      expect(required).toThrow(/ERR_PACKAGE_PATH_NOT_EXPORTED|ERR_REQUIRE_ESM/)
  })
})
