/**
 * Issue 25, item 3: per-route limits. `MaxBytes(n)` on a case sets the
 * largest body it reads — JSON, a form, uploads — smaller or larger than the
 * host's limit; a body over it is refused with 413 problem details stating
 * the limit, on every host, and the OpenAPI document states it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { FormData, Json, MaxBytes } from "../../src/descriptor/attributes.js"
import * as descriptorMessages from "../../src/descriptor/messages.js"
import { t } from "../../src/descriptor/t.js"
import { hostMessages } from "../../src/host/host-errors.js"
import { OpenApi } from "../../src/openapi/document.js"
import { Content } from "../../src/sitelet/content/content.js"
import { expressHost, fetchHost, type HostUnderTest, nodeHost } from "./support.js"

const kib = 1024
const mib = 1024 * kib
const Api = t.union({
  Avatar: t.case("POST /avatar", { image: FormData(t.file) }, MaxBytes(4 * kib)),
  Import: t.case("POST /import", { rows: Json(t.list(t.string)) }, MaxBytes(3 * mib)),
  Note: t.case("POST /note", { text: Json(t.string) }),
})
const site = Sitelet.Infer(Api, {
  Avatar: (_ctx, e) => Content.Text(`avatar ${e.image.size}`),
  Import: (_ctx, e) => Content.Text(`imported ${e.rows.length}`),
  Note: (_ctx, e) => Content.Text(`note ${e.text.length}`),
})
const options = { onError: () => undefined }

const multipart = (bytes: number) => {
  const boundary = "xyz"
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${"x".repeat(bytes)}\r\n--${boundary}--\r\n`
  return { headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, body }
}
const json = (value: unknown) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(value) })
const problem = (limit: number) => ({
  type: "about:blank",
  title: "Content Too Large",
  status: 413,
  detail: hostMessages.bodyTooLarge(limit),
})

let hosts: HostUnderTest[] = []
beforeAll(async () => {
  hosts = [fetchHost(site, options), await nodeHost(site, options), await expressHost(site, options)]
})
afterAll(async () => {
  for (const host of hosts) await host.close()
})

describe("MaxBytes", () => {
  it("refuses an upload over a case's smaller limit, with the limit in the problem", async () => {
    for (const host of hosts) {
      const small = await host.send({ method: "POST", target: "/avatar", ...multipart(2 * kib) })
      expect([host.name, small.status, small.body]).toEqual([host.name, 200, `avatar ${2 * kib}`])
      const large = await host.send({ method: "POST", target: "/avatar", ...multipart(8 * kib) })
      expect([host.name, large.status]).toEqual([host.name, 413])
      // Under Express the error goes to the app (next(err)); the others write the problem.
      if (host.name !== "express") expect(JSON.parse(large.body)).toEqual(problem(4 * kib))
    }
  })

  it("reads a body over the host's limit for a case whose limit is larger, and no more", async () => {
    const rows = (bytes: number) => Array.from({ length: Math.floor(bytes / 1000) }, () => "r".repeat(994))
    for (const host of hosts) {
      const big = await host.send({ method: "POST", target: "/import", ...json(rows(2 * mib)) })
      expect([host.name, big.status, big.body]).toEqual([host.name, 200, `imported ${Math.floor((2 * mib) / 1000)}`])
      const over = await host.send({ method: "POST", target: "/import", ...json(rows(4 * mib)), chunked: 64 * kib })
      expect([host.name, over.status]).toEqual([host.name, 413])
      if (host.name !== "express") expect(JSON.parse(over.body)).toEqual(problem(3 * mib))
      // A case without MaxBytes keeps the host's limit (1 MiB).
      const note = await host.send({ method: "POST", target: "/note", ...json("n".repeat(2 * mib)) })
      expect([host.name, note.status]).toEqual([host.name, 413])
      if (host.name !== "express") expect(JSON.parse(note.body)).toEqual(problem(mib))
    }
  })

  it("is stated in the OpenAPI document", () => {
    const doc = OpenApi.Document(site, { info: { title: "t", version: "1" } })
    const post = (path: string) =>
      (
        doc.paths as Record<
          string,
          { post: { requestBody: Record<string, unknown>; responses: Record<string, { description: string }> } }
        >
      )[path]?.post
    expect(post("/import")?.requestBody["x-sitelets-max-bytes"]).toBe(3 * mib)
    expect(post("/import")?.responses["413"]?.description).toContain(`${3 * mib} bytes`)
    expect(post("/note")?.requestBody["x-sitelets-max-bytes"]).toBeUndefined()
  })

  it("takes a whole number of bytes", () => {
    expect(() => MaxBytes(-1)).toThrow(descriptorMessages.badMaxBytes(-1))
    expect(() => MaxBytes(1.5)).toThrow(RangeError)
  })
})
