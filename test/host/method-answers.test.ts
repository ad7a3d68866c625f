/**
 * Issue 50, item 4: the method answers as RFC 9110 has them, on the three
 * hosts. Every 405 carries `Allow` — the host's own and a handler's
 * (`InferWithErrors` answering `InvalidMethod` with `Content.SetStatus`);
 * a plain `OPTIONS` on a path an `InferWithErrors` part serves is the
 * host's 204 with `Allow` under `methodNotAllowed`; a `CorsContent` part
 * takes only the methods it allows (405 for the others, or a fall-through
 * without the option).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Content, Cors, Http, Sitelet, t } from "../../src/index.js"
import { expressHost, fetchHost, type HostUnderTest, nodeHost } from "./support.js"

const Api = t.union({ Items: "GET /api/items", Create: t.case("POST /api/items", {}) })
const api = Sitelet.InferWithErrors(Api, (_ctx, result) =>
  result.$ === "InvalidMethod"
    ? Content.SetStatus(Http.Status.MethodNotAllowed, Content.Json({ error: `no ${result.method}` }))
    : Content.Text(result.endpoint.$),
)
const feed = Sitelet.CorsContent(
  "/feed.json",
  Cors.Of({ $: "Feed" as const }, ["GET"]),
  (allows) => ({ ...allows, Origins: ["https://app.example"] }),
  () => Content.Json([]),
)
const site = Sitelet.Sum<any>(api, feed)

const quiet = { onError: () => undefined }
const withAnswers: HostUnderTest[] = []
const without: HostUnderTest[] = []
beforeAll(async () => {
  const on = { ...quiet, methodNotAllowed: true }
  withAnswers.push(fetchHost(site, on), await nodeHost(site, on), await expressHost(site, on))
  without.push(fetchHost(site, quiet), await nodeHost(site, quiet), await expressHost(site, quiet))
})
afterAll(async () => {
  for (const host of [...withAnswers, ...without]) await host.close()
})

describe.each([0, 1, 2])("method answers on host %i (fetch, node, express)", (index) => {
  it("adds Allow to a handler's 405, with and without methodNotAllowed", async () => {
    const answered = await withAnswers[index]!.send({ method: "DELETE", target: "/api/items" })
    expect([answered.status, answered.headers.get("allow"), answered.body]).toEqual([
      405,
      "GET, HEAD, POST, OPTIONS",
      '{"error":"no DELETE"}',
    ])
    // Without the option the host answers no OPTIONS: Allow lists the route table's methods alone.
    const plain = await without[index]!.send({ method: "DELETE", target: "/api/items" })
    expect([plain.status, plain.headers.get("allow")]).toEqual([405, "GET, HEAD, POST"])
  })

  it("answers a plain OPTIONS on an InferWithErrors path itself (204 with Allow), not the handler", async () => {
    const options = await withAnswers[index]!.send({ method: "OPTIONS", target: "/api/items" })
    expect([options.status, options.headers.get("allow"), options.body]).toEqual([204, "GET, HEAD, POST, OPTIONS", ""])
    // Without the option, the handler's InvalidMethod answer, with Allow.
    const handled = await without[index]!.send({ method: "OPTIONS", target: "/api/items" })
    expect([handled.status, handled.headers.get("allow")]).toEqual([405, "GET, HEAD, POST"])
  })

  it("serves a CorsContent part only with the methods it allows; its preflight still answered", async () => {
    const got = await withAnswers[index]!.send({ target: "/feed.json", headers: { origin: "https://app.example" } })
    expect([got.status, got.body]).toEqual([200, "[]"])
    for (const method of ["PUT", "DELETE", "PATCH", "POST"]) {
      const refused = await withAnswers[index]!.send({ method, target: "/feed.json", body: "x" })
      expect([method, refused.status, refused.headers.get("allow")]).toEqual([method, 405, "GET, HEAD, OPTIONS"])
      // Without methodNotAllowed the request is not accepted: it falls through (404 on a standalone host).
      expect((await without[index]!.send({ method, target: "/feed.json", body: "x" })).status).toBe(404)
    }
    const preflight = await withAnswers[index]!.send({
      method: "OPTIONS",
      target: "/feed.json",
      headers: { origin: "https://app.example", "access-control-request-method": "GET" },
    })
    expect([preflight.status, preflight.headers.get("access-control-allow-methods")]).toEqual([204, "GET"])
  })
})
