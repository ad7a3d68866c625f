import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import type { RequestRecord } from "../../src/host/request-record.js"
import { expressHost, fetchHost, nodeHost, type HostUnderTest } from "./support.js"

const Pages = t.union({
  Article: "GET /article/<id:int>",
  Boom: "GET /boom",
  Id: "GET /id",
  Query: "GET /q?n=<n:int>",
})
type Pages = typeof Pages extends { "~types"?: { output: infer Output } } ? Output : never

const site = Sitelet.Infer(Pages, {
  Article: (_ctx, e) => Content.Text(`article ${e.id} ✓`),
  Boom: () => {
    throw new Error("handler failure (expected in tests)")
  },
  Id: async (ctx) => Content.Text(ctx.RequestId),
  Query: (_ctx, e) => Content.Text(String(e.n)),
})

const records: RequestRecord<Pages>[] = []
const errors: unknown[] = []
let throwing = false
const options = {
  onError: (error: unknown) => errors.push(error),
  observe: (record: RequestRecord<Pages>) => {
    records.push(record)
    if (throwing) throw new Error("hook failure (expected in tests)")
  },
}
const hosts: HostUnderTest[] = []
beforeAll(async () => {
  hosts.push(fetchHost(site, options), await nodeHost(site, options), await expressHost(site, options))
})
afterAll(async () => {
  for (const host of hosts) await host.close()
})

const last = () => records[records.length - 1] as RequestRecord<Pages>
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe("host option observe", () => {
  it("records the method, target, endpoint value, status, bytes, duration and a request id", async () => {
    for (const host of hosts) {
      records.length = 0
      const response = await host.send({ target: "/article/7?x=1" })
      expect(response.status).toBe(200)
      expect(records, host.name).toHaveLength(1)
      const record = last()
      expect(record, host.name).toMatchObject({
        method: "GET",
        target: "/article/7?x=1",
        endpoint: { $: "Article", id: 7 },
        status: 200,
        bytes: Buffer.byteLength("article 7 ✓"),
      })
      expect(record.duration, host.name).toBeGreaterThanOrEqual(0)
      expect(record.requestId, host.name).toMatch(uuid)
      expect("error" in record, host.name).toBe(false)
    }
  })

  it("takes a usable X-Request-Id, and hands the handler the same id", async () => {
    for (const host of hosts) {
      records.length = 0
      const response = await host.send({ target: "/id", headers: { "x-request-id": "edge-42.a:b" } })
      expect([response.body, last().requestId], host.name).toEqual(["edge-42.a:b", "edge-42.a:b"])
      const made = await host.send({ target: "/id", headers: { "x-request-id": "has spaces" } })
      expect(made.body, host.name).toMatch(uuid)
      expect(last().requestId, host.name).toBe(made.body)
    }
  })

  it("records a handler's exception with its 500, and a refusal with its 4xx", async () => {
    for (const host of hosts) {
      records.length = 0
      errors.length = 0
      expect((await host.send({ target: "/boom" })).status, host.name).toBe(500)
      expect(last().status, host.name).toBe(500)
      // The handler's case was matched: its endpoint is in the record (logs and spans name the failing route).
      expect(last().endpoint, host.name).toEqual({ $: "Boom" })
      expect((last().error as Error).message, host.name).toBe("handler failure (expected in tests)")
      expect(errors, host.name).toHaveLength(1)
      expect((await host.send({ target: "/a%zz" })).status, host.name).toBe(400)
      expect([last().status, (last().error as { type?: string }).type], host.name).toEqual([
        400,
        "request.target.malformed",
      ])
    }
  })

  it("records the 404 of a path no part accepts (the Express app's own fallback is not the sitelet's)", async () => {
    for (const host of hosts) {
      records.length = 0
      expect((await host.send({ target: "/nowhere" })).status).toBe(404)
      if (host.name === "express") expect(records).toHaveLength(0)
      else expect([last().status, last().endpoint], host.name).toEqual([404, undefined])
    }
  })

  it("reports a throwing hook to onError and answers as usual", async () => {
    throwing = true
    try {
      for (const host of hosts) {
        errors.length = 0
        const response = await host.send({ target: "/q?n=3" })
        expect([response.status, response.body], host.name).toEqual([200, "3"])
        expect((errors[0] as Error).message, host.name).toBe("hook failure (expected in tests)")
      }
    } finally {
      throwing = false
    }
  })
})

describe("ctx.RequestId without observe", () => {
  it("is made on first read: the header's, or a UUID", async () => {
    const plain = Sitelet.Infer(Pages, (ctx) => Content.Text(`${ctx.RequestId} ${ctx.RequestId}`))
    const given = await plain.Handle(new Request("http://x/id", { headers: { "x-request-id": "abc" } }))
    expect(await given?.text()).toBe("abc abc")
    const [first, second] = (await (await plain.Handle(new Request("http://x/id")))!.text()).split(" ")
    expect(first).toMatch(uuid)
    expect(second).toBe(first)
  })
})
