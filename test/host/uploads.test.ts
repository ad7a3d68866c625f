import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createHash } from "node:crypto"
import { connect } from "node:net"
import { t } from "../../src/descriptor/t.js"
import { EndPoint, FormData as FormField, Query } from "../../src/descriptor/attributes.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { Content } from "../../src/sitelet/content/content.js"
import { Router } from "../../src/client/client-router.js"
import { jsonMessages } from "../../src/json/messages.js"
import { routerMessages } from "../../src/router/messages.js"
import { Json } from "../../src/json/codec/json-namespace.js"
import { uploadName } from "../../src/router/body/multipart.js"
import { expressHost, fetchHost, nodeHost, type HostUnderTest } from "./support.js"

const Api = t.union({
  Upload: t.case("POST /upload", {
    doc: FormField(t.file({ MaxBytes: 100_000 })),
    note: FormField(t.option(t.string)),
    extra: FormField(t.option(t.file)),
    many: FormField(t.list(t.file)),
  }),
  Text: t.case("POST /text", { name: FormField(t.string) }),
})

const sha = async (file: { arrayBuffer(): Promise<ArrayBuffer> }) =>
  createHash("sha256")
    .update(Buffer.from(await file.arrayBuffer()))
    .digest("hex")
    .slice(0, 16)

const site = Sitelet.Infer(Api, {
  Upload: async (_ctx, e) =>
    Content.Json({
      doc: { name: e.doc.name, type: e.doc.type, size: e.doc.size, sha: await sha(e.doc) },
      note: e.note ?? null,
      extra: e.extra?.name ?? null,
      many: e.many.map((file) => `${file.name}:${file.size}`),
    }),
  Text: (_ctx, e) => Content.Text(`name=${e.name}`),
})

const binary = new Uint8Array(256).map((_, i) => i)
const multipart = async (form: globalThis.FormData) => {
  const response = new Response(form)
  return { body: new Uint8Array(await response.arrayBuffer()), type: response.headers.get("content-type") as string }
}

/** Sends a request declaring `declared` body bytes, writes `body`, and closes the sending side; the answer as text. */
function sendHalfClosed(port: number, body: string, declared: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1")
    let answer = ""
    socket.on("data", (data: Buffer) => (answer += data.toString("latin1")))
    socket.on("error", () => undefined)
    socket.on("close", () => resolve(answer))
    socket.write(
      `POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=B\r\nContent-Length: ${declared}\r\n\r\n`,
    )
    socket.end(body)
  })
}

const hosts: HostUnderTest[] = []
beforeAll(async () => {
  const options = { onError: () => undefined, limits: { bodyBytes: 1000, uploadBytes: 300_000 } }
  hosts.push(fetchHost(site, options), await nodeHost(site, options), await expressHost(site, options))
})
afterAll(async () => {
  for (const host of hosts) await host.close()
})

describe("t.file uploads, on every host", () => {
  it("gives the handler each file: name, type, size and bytes, next to text fields", async () => {
    const form = new FormData()
    form.append("doc", new File([binary], "data.bin", { type: "application/x-test" }))
    form.append("note", "hello")
    form.append("many", new File(["a"], "a.txt"))
    form.append("many", new File(["bb"], "b.txt"))
    const { body, type } = await multipart(form)
    for (const host of hosts) {
      const response = await host.send({ method: "POST", target: "/upload", body, headers: { "content-type": type } })
      expect(response.status, host.name).toBe(200)
      expect(JSON.parse(response.body), host.name).toEqual({
        doc: { name: "data.bin", type: "application/x-test", size: 256, sha: await sha(new Blob([binary])) },
        note: "hello",
        extra: null,
        many: ["a.txt:1", "b.txt:2"],
      })
    }
  })

  it("takes a larger upload than the body limit under uploadBytes, and refuses one past it (413)", async () => {
    const form = new FormData()
    form.append("doc", new File([new Uint8Array(90_000)], "big.bin"))
    const { body, type } = await multipart(form)
    const tooBig = new FormData()
    tooBig.append("doc", new File([new Uint8Array(400_000)], "huge.bin"))
    const huge = await multipart(tooBig)
    for (const host of hosts) {
      expect(
        (await host.send({ method: "POST", target: "/upload", body, headers: { "content-type": type } })).status,
      ).toBe(200)
      const refused = await host.send({
        method: "POST",
        target: "/upload",
        body: huge.body,
        headers: { "content-type": huge.type },
      })
      expect(refused.status, host.name).toBe(413)
      // The JSON and urlencoded limit stays: 1000 bytes.
      const form = await host.send({
        method: "POST",
        target: "/text",
        body: `name=${"x".repeat(2000)}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      })
      expect(form.status, host.name).toBe(413)
    }
  })

  it("refuses a file over its MaxBytes with a 400 naming the field", async () => {
    const form = new FormData()
    form.append("doc", new File([new Uint8Array(150_000)], "big.bin"))
    const { body, type } = await multipart(form)
    for (const host of hosts.slice(0, 2)) {
      const response = await host.send({ method: "POST", target: "/upload", body, headers: { "content-type": type } })
      expect(response.status, host.name).toBe(400)
      // The refusal states the limit as well as the size sent.
      expect(JSON.parse(response.body).detail, host.name).toBe(
        "Form field 'doc': expected a file of at most 100000 bytes, got a file of 150000 bytes",
      )
    }
  })
})

describe("hostile multipart bodies", () => {
  const part = (disposition: string, content: string, extra = "") =>
    `--B\r\nContent-Disposition: ${disposition}\r\n${extra}\r\n${content}\r\n`
  const send = (host: HostUnderTest, body: string) =>
    host.send({
      method: "POST",
      target: "/upload",
      body,
      headers: { "content-type": "multipart/form-data; boundary=B" },
    })

  it("reads a file's name as a name, never as a path, and bounds it", async () => {
    expect(uploadName("../../etc/passwd")).toBe("passwd")
    expect(uploadName("C:\\Users\\x\\report.pdf")).toBe("report.pdf")
    expect(uploadName("a\u0000b\u007fc")).toBe("abc")
    expect(uploadName("é".repeat(1000))).toHaveLength(255)
    for (const host of hosts) {
      const response = await send(host, `${part('form-data; name="doc"; filename="../../etc/passwd"', "x")}--B--\r\n`)
      expect(JSON.parse(response.body).doc.name, host.name).toBe("passwd")
      const long = await send(
        host,
        `${part(`form-data; name="doc"; filename="${"n".repeat(5000)}.txt"`, "x")}--B--\r\n`,
      )
      expect(JSON.parse(long.body).doc.name, host.name).toHaveLength(255)
    }
  })

  it("answers 400 to a file field sent as text, a part that never ends, a name with a line break", async () => {
    for (const host of hosts) {
      expect(
        (await send(host, `${part('form-data; name="doc"', "text, not a file")}--B--\r\n`)).status,
        host.name,
      ).toBe(400)
      expect((await send(host, part('form-data; name="doc"; filename="a.txt"', "no closing delimiter"))).status).toBe(
        400,
      )
      expect(
        (
          await send(
            host,
            `--B\r\nContent-Disposition: form-data; name="doc"; filename="a\r\nb.txt"\r\n\r\nx\r\n--B--\r\n`,
          )
        ).status,
      ).toBe(400)
      expect((await send(host, `--B\r\nContent-Disposition: form-data; name="doc"; filename="a.txt"\r\n`)).status).toBe(
        400,
      )
    }
  })

  it("answers a wrong declared size: a Content-Length shorter than the body cuts it (400), a longer one is an aborted body (400)", async () => {
    const body = `${part('form-data; name="doc"; filename="a.txt"', "x".repeat(100))}--B--\r\n`
    const multipart = { "content-type": "multipart/form-data; boundary=B" }
    for (const host of hosts.slice(1)) {
      const short = await host.send({
        method: "POST",
        target: "/upload",
        body,
        headers: { ...multipart, "content-length": String(body.length - 20) },
      })
      expect(short.status, host.name).toBe(400)
      // The client says 10 more bytes than it sends, then closes its side: the host sees the body end early.
      const long = await sendHalfClosed(host.port as number, body, body.length + 10)
      expect(long, host.name).toMatch(/^HTTP\/1\.1 400 /)
    }
  })

  it("answers 413 to thousands of tiny parts", async () => {
    const body = `${Array.from({ length: 3000 }, (_, i) => part(`form-data; name="f${i}"`, "x")).join("")}--B--\r\n`
    for (const host of hosts) expect((await send(host, body)).status, host.name).toBe(413)
  })
})

describe("the typed client sends files", () => {
  it("builds a multipart request from File fields, and the server reads it back", async () => {
    const api = Router.Infer(Api)
    const request = Router.Request(
      api,
      {
        $: "Upload",
        doc: new File([binary], "from-client.bin", { type: "application/x-test" }),
        note: undefined,
        extra: new File(["e"], "extra.txt"),
        many: [],
      },
      { base: "http://localhost" },
    )
    expect(request.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/)
    const response = await site.Handle(request)
    expect(JSON.parse(await response!.text())).toEqual({
      doc: { name: "from-client.bin", type: "application/x-test", size: 256, sha: await sha(new Blob([binary])) },
      note: null,
      extra: "extra.txt",
      many: [],
    })
  })

  it("refuses t.file outside a FormData field: in JSON, in a query, in a path", () => {
    expect(() => Json.Serialize(t.record({ f: t.file }), { f: new File([], "x") })).toThrow(jsonMessages.fileNotJson)
    expect(() => Router.Infer(t.union({ A: t.case({ f: Query(t.file) }, EndPoint("GET /a")) }))).toThrow(
      routerMessages.fileNotInForm("Case 'A' field 'f'"),
    )
    expect(() => Router.Infer(t.union({ A: t.case({ f: t.file }) }))).toThrow(
      routerMessages.fileNotInForm("Case 'A' field 'f'"),
    )
  })
})
