/**
 * The node:http path never builds WHATWG Request, Response or Headers
 * objects: the constructors are wrapped and counted while requests flow.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { nodeHost, type HostUnderTest } from "../support.js"
import { hostSite } from "../host-site.js"

const originals = { Request: globalThis.Request, Response: globalThis.Response, Headers: globalThis.Headers }
let constructed = 0

const counting = <Constructor extends abstract new (...args: never[]) => object>(Base: Constructor): Constructor =>
  new Proxy(Base, {
    construct(target, args, newTarget) {
      constructed++
      return Reflect.construct(target, args, newTarget) as object
    },
  })

let host: HostUnderTest
beforeAll(async () => {
  host = await nodeHost(hostSite, { onError: () => undefined })
  globalThis.Request = counting(originals.Request)
  globalThis.Response = counting(originals.Response)
  globalThis.Headers = counting(originals.Headers)
})
afterAll(async () => {
  Object.assign(globalThis, originals)
  await host.close()
})

describe("node:http hot path", () => {
  it("serves pages, JSON bodies, errors and fall-through without WHATWG objects", async () => {
    expect((await host.send({ target: "/blog/3" })).body).toBe("id 3")
    expect(
      (
        await host.send({
          method: "POST",
          target: "/api/echo",
          headers: { "content-type": "application/json" },
          body: '{"name":"a","count":1}',
        })
      ).status,
    ).toBe(200)
    expect((await host.send({ target: "/nothing" })).status).toBe(404)
    expect((await host.send({ target: "/boom" })).status).toBe(500)
    expect((await host.send({ target: "/search?q=x" })).status).toBe(200)
    expect(constructed).toBe(0)
  })
  it("the counter works (sanity check)", () => {
    const before = constructed
    new Headers()
    expect(constructed).toBe(before + 1)
  })
})
