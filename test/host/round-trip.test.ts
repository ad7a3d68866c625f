/**
 * P1 on every host: a request built from `Link(x)` (URL, method, body) is
 * served with exactly `x`, through the Fetch host, node:http and Express.
 */
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { serialize } from "../../src/json/codec.js"
import { LinkError } from "../../src/router/link-error.js"
import { routePathToString, type RoutePath } from "../../src/router/route-path.js"
import { Sitelet } from "../../src/sitelet/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content.js"
import { arbitraryOf } from "../support/arbitrary.js"
import { Site } from "../fixtures/site.js"
import { expressHost, fetchHost, nodeHost, type HostUnderTest, type WireRequest } from "./support.js"

const numRuns = Number(process.env.FC_NUM_RUNS ?? 100)
const echo = Sitelet.Infer(Site, (ctx, e) => Content.Json(e, Site))

function wireRequest(path: RoutePath): WireRequest {
  const target = routePathToString(path)
  const method = path.method ?? "GET"
  if (path.body?.kind === "json") {
    return { method, target, headers: { "content-type": "application/json" }, body: serialize(path.body.descriptor, path.body.value as never) }
  }
  if (path.body?.kind === "form") {
    const body = new URLSearchParams(path.body.fields.map(([key, value]) => [key, value])).toString()
    return { method, target, headers: { "content-type": "application/x-www-form-urlencoded" }, body }
  }
  return { method, target }
}

function linked(value: Site): RoutePath | undefined {
  try {
    return echo.Router.link(value)
  } catch (error) {
    if (error instanceof LinkError) return undefined
    throw error
  }
}

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
          expect({ host: host.name, status: response.status, body: response.body }).toEqual({ host: host.name, status: 200, body: expected })
        }
      }),
      { numRuns },
    )
    expect(served).toBeGreaterThan(numRuns / 2)
  })
})
