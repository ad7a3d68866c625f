/**
 * P1 on every host: a request built from `Link(x)` (URL, method, body) is
 * served with exactly `x`, through the Fetch host, node:http and Express.
 */
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { serialize } from "../../src/json/codec.js"
import type { RoutePath } from "../../src/router/route-path.js"
import { arbitraryOf } from "../support/arbitrary.js"
import { Site } from "../fixtures/site.js"
import { echo, linked, wireRequest } from "./round-trip-support.js"
import { expressHost, fetchHost, nodeHost, type HostUnderTest } from "./support.js"

const numRuns = Number(process.env.FC_NUM_RUNS ?? 100)

const hosts: HostUnderTest[] = []
beforeAll(async () => {
  hosts.push(fetchHost(echo), await nodeHost(echo), await expressHost(echo))
})
afterAll(async () => {
  for (const host of hosts) await host.close()
})

describe("Link then serve gives back the value on every host", () => {
  it(`holds for the fixture union (${numRuns} runs per host)`, async () => {
    let served = 0
    await fc.assert(
      fc.asyncProperty(arbitraryOf(Site, { url: true }), async (value) => {
        const path = linked(value)
        fc.pre(path !== undefined)
        served++
        const request = wireRequest(path as RoutePath)
        const expected = serialize(Site, value)
        for (const host of hosts) {
          const response = await host.send(request)
          expect({ host: host.name, status: response.status, body: response.body }).toEqual({
            host: host.name,
            status: 200,
            body: expected,
          })
        }
      }),
      { numRuns },
    )
    expect(served).toBeGreaterThan(numRuns / 2)
  })
})
