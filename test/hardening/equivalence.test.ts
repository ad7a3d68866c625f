import { afterAll, beforeAll, describe, expect, it } from "vitest"
import fc from "fast-check"
import { startHosts, type HostUnderTest } from "./harness.js"
import { calls, site } from "./site.js"

let hosts: HostUnderTest[] = []
beforeAll(async () => {
  hosts = await startHosts(site, { session: { secret: "hardening suite secret, 32 bytes+" }, onError: () => undefined })
})
afterAll(async () => {
  await Promise.all(hosts.map((host) => host.close()))
})

const pieces = fc.constantFrom(
  "item",
  "files",
  "admin",
  "ADMIN",
  "%61dmin",
  "x",
  "1",
  "-1",
  "%31",
  "%2F",
  "%2f",
  "%5C",
  "%2e",
  "%2E%2E",
  "..",
  ".",
  "%",
  "%zz",
  "%C0%AE",
  "%ED%A0%80",
  "%E0%A4%A",
  "%00",
  "%0a",
  "%252e",
  "__proto__",
  "constructor",
  "%EF%BC%8F",
  "a+b",
  "~",
)
const separators = fc.constantFrom("/", "//", "\\")
const tails = fc.constantFrom("", "/", "?q=1", "?a=%", "?__proto__=1", "?q=%2F")
/** Raw request targets: origin-form, ASCII only (Node's parser rejects raw non-ASCII before any handler). */
const targets = fc
  .tuple(fc.array(fc.tuple(separators, pieces), { minLength: 1, maxLength: 5 }), tails)
  .map(([parts, tail]) => parts.map(([sep, piece]) => sep + piece).join("") + tail)

/** WHATWG URL parsing resolves dot segments and turns `\` into `/` before a Fetch handler runs. */
const fetchSeesRawTarget = (target: string) =>
  !target.includes("\\") &&
  !target
    .split("?")[0]!
    .split("/")
    .some((s) => /^(?:\.|%2e){1,2}$/i.test(s))

describe("adapter equivalence on hostile targets (RELIABILITY P3, P4)", () => {
  it("node, connect and fetch give the same status, and never serve /admin unguarded", async () => {
    const byName = (name: string) => hosts.find((host) => host.name === name)!
    await fc.assert(
      fc.asyncProperty(targets, async (target) => {
        const before = calls.admin
        const node = await byName("node").send({ target })
        const connect = await byName("connect").send({ target })
        expect(connect.status, target).toBe(node.status)
        if (node.status === 200) expect(connect.body, target).toBe(node.body)
        if (fetchSeesRawTarget(target)) {
          const fetched = await byName("fetch").send({ target })
          expect(fetched.status, target).toBe(node.status)
          if (node.status === 200) expect(fetched.body, target).toBe(node.body)
        }
        expect(calls.admin, target).toBe(before)
        for (const response of [node, connect]) {
          expect(response.body).not.toContain("admin:")
          expect(response.status).not.toBe(500)
        }
      }),
      {
        numRuns: 150,
        examples: [["//admin/x"], ["/admin%2Fx"], ["/%61dmin/x"], ["/admin/x/"], ["/files/%2e%2e/admin/x"]],
      },
    )
  })
})
