import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cases } from "./cases.js"
import { startHosts, viaHeader, type HostUnderTest } from "./harness.js"
import { site } from "./site.js"

const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort()
let hosts: HostUnderTest[] = []

beforeAll(async () => {
  hosts = await startHosts(site, { session: { secret: "hardening suite secret, 32 bytes+" }, onError: () => undefined })
})
afterAll(async () => {
  await Promise.all(hosts.map((host) => host.close()))
})

describe.each(["fetch", "node", "connect"] as const)("hostile inputs on the %s host", (hostName) => {
  const host = () => hosts.find((h) => h.name === hostName)!
  const table = cases.map((c) => [`${c.ids} ${c.name}`, c] as const)
  it.each(table)("%s", async (_label, c) => {
    const response = await host().send(c)
    const expected = hostName === "fetch" ? (c.inProcess ?? c.fetch ?? c.status) : c.status
    expect(response.status, response.body.slice(0, 200)).toBe(expected)
    if (c.answer !== undefined && expected === c.status) expect(response.body).toBe(c.answer)
    if (c.never !== undefined) expect(response.body).not.toContain(c.never)
    if (hostName === "connect" && expected >= 400 && expected !== 404 && !c.parser)
      expect(response.headers.get(viaHeader)).toBe("error")
    if (hostName === "connect" && c.name === "unmatched POST") expect(response.body).toBe("fallthrough:hello")
    // Every case leaves the server able to serve the next request.
    expect((await host().send({ target: "/item/7" })).body).toBe("item:7")
  })
})

describe("after the suite", () => {
  it("Object.prototype is unchanged", () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
