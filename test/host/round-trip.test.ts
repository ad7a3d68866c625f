/**
 * P1 on every host: a request built from `Link(x)` (URL, method, body) is
 * served with exactly `x`, through the Fetch host, node:http and Express.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { checkRoundTrip } from "./round-trip-check.js"
import { echo } from "./round-trip-support.js"
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
    expect(await checkRoundTrip(hosts, numRuns)).toBeGreaterThan(numRuns / 2)
  })
})
