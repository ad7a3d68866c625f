/**
 * The round trip P1 as a fast-check property over the fixture union, run
 * against any set of servers (the host tests, the runtime matrix).
 */
import fc from "fast-check"
import { expect } from "vitest"
import { serialize } from "../../src/json/codec/codec.js"
import type { RoutePath } from "../../src/router/link/route-path.js"
import { Site } from "../fixtures/site.js"
import { arbitraryOf } from "../support/arbitrary.js"
import { linked, wireRequest } from "./round-trip-support.js"
import type { WireRequest, WireResponse } from "./support.js"

/** A server the round trip is checked on: a name and a way to send it a request. */
export interface RoundTripHost {
  readonly name: string
  send(request: WireRequest): Promise<WireResponse>
}

/**
 * P1 as a property: for generated values of the fixture union, the request
 * `Link(x)` describes is answered by every host with exactly `x` (the echo
 * sitelet's JSON). Returns how many values were linkable (the caller checks
 * that most were, so the property is not vacuous).
 *
 * @example
 * ```ts
 * expect(await checkRoundTrip([nodeHost], 100)).toBeGreaterThan(50)
 * ```
 */
export async function checkRoundTrip(hosts: readonly RoundTripHost[], numRuns: number): Promise<number> {
  let served = 0
  await fc.assert(
    fc.asyncProperty(arbitraryOf(Site, { url: true }), async (value) => {
      const path = linked(value)
      fc.pre(path !== undefined)
      served++
      const request = wireRequest(path as RoutePath)
      const body = serialize(Site, value)
      for (const host of hosts) {
        const response = await host.send(request)
        expect({ host: host.name, status: response.status, body: response.body }).toEqual({
          host: host.name,
          status: 200,
          body,
        })
      }
    }),
    { numRuns },
  )
  return served
}
