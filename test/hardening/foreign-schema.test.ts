/**
 * Issue 23, item 1: nothing a foreign schema does takes the process down.
 * Recursive zod and valibot schemas, and `z.any()`, behind `Json(schema)`
 * fields, sent bodies nested 1,500 and 100,000 levels deep on every host:
 * a 400 that states the depth limit, no unhandled rejection, and the next
 * request served. An async schema is refused the same way.
 */
import * as v from "valibot"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { z } from "zod"
import { Content, Json, Sitelet, t } from "../../src/index.js"
import { jsonMessages } from "../../src/json/messages.js"
import { startHosts, type HostUnderTest } from "./harness.js"

type ZTree = { children: ZTree[] }
const zodTree: z.ZodType<ZTree> = z.lazy(() => z.object({ children: z.array(zodTree) }))
type Nest = Nest[]
const zodNest: z.ZodType<Nest> = z.lazy(() => z.array(zodNest))
type VTree = { children: VTree[] }
const valibotTree: v.GenericSchema<VTree> = v.object({ children: v.array(v.lazy(() => valibotTree)) })
const valibotNest: v.GenericSchema<Nest> = v.array(v.lazy(() => valibotNest))
const zodAsync = z.object({ n: z.number() }).refine(async (value) => value.n > 0)

const Api = t.union({
  ZodTree: t.case("POST /zod/tree", { body: Json(zodTree) }),
  ZodNest: t.case("POST /zod/nest", { body: Json(zodNest) }),
  ZodAny: t.case("POST /zod/any", { body: Json(z.any()) }),
  ValibotTree: t.case("POST /valibot/tree", { body: Json(valibotTree) }),
  ValibotNest: t.case("POST /valibot/nest", { body: Json(valibotNest) }),
  ZodAsync: t.case("POST /zod/async", { body: Json(zodAsync) }),
  Ping: "GET /ping",
})
const site = Sitelet.Infer(Api, () => Content.Text("accepted"))

/** A tree nested `levels` deep: each node is two levels (its object and its array of children). */
const tree = (levels: number): string => {
  const nodes = Math.ceil(levels / 2)
  return '{"children":['.repeat(nodes - 1) + '{"children":[]}' + "]}".repeat(nodes - 1)
}
const nest = (levels: number): string => "[".repeat(levels) + "]".repeat(levels)

let hosts: HostUnderTest[] = []
let rejections = 0
const countRejection = (): void => {
  rejections++
}

beforeAll(async () => {
  process.on("unhandledRejection", countRejection)
  hosts = await startHosts(site, { onError: () => undefined, limits: { bodyBytes: 4 * 1024 * 1024 } })
})
afterAll(async () => {
  await Promise.all(hosts.map((host) => host.close()))
  process.off("unhandledRejection", countRejection)
})

const table = [
  ["/zod/tree", tree],
  ["/zod/nest", nest],
  ["/zod/any", nest],
  ["/valibot/tree", tree],
  ["/valibot/nest", nest],
] as const

describe.each(["fetch", "node", "connect"] as const)("foreign schemas on the %s host", (hostName) => {
  const host = () => hosts.find((h) => h.name === hostName)!
  const post = (target: string, body: string) =>
    host().send({ method: "POST", target, body, headers: { "content-type": "application/json" } })
  // Express middleware passes the refusal to the app's error handler (body-parser's error type); the others answer.
  const says = (body: string, sentence: string) =>
    expect(body).toEqual(hostName === "connect" ? "entity.parse.failed" : expect.stringContaining(sentence))

  it.each(table)("%s: 64 levels pass, 65, 1,500 and 100,000 are a 400 naming the limit", async (target, body) => {
    expect((await post(target, body(64))).body).toBe("accepted")
    for (const levels of [65, 1_500, 100_000]) {
      const response = await post(target, body(levels))
      expect(response.status).toBe(400)
      says(response.body, jsonMessages.depthLimit(64))
      expect((await host().send({ target: "/ping" })).body).toBe("accepted")
    }
    // A rejection would surface on a later turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(rejections).toBe(0)
  })

  it("an async schema is refused with a 400, its promise handled", async () => {
    const response = await post("/zod/async", '{"n":1}')
    expect(response.status).toBe(400)
    says(response.body, "synchronous zod schema")
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(rejections).toBe(0)
    expect((await host().send({ target: "/ping" })).body).toBe("accepted")
  })
})
