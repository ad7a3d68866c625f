import { afterEach, describe, expect, it } from "vitest"
import { createServer, type ServerResponse, type Server } from "node:http"
import { connect, type AddressInfo } from "node:net"
import { writeNodeResponse } from "../../../src/host/node/node-write.js"
import { header, staticContent, type StaticContent } from "../../../src/sitelet/content-model.js"
import { Status } from "../../../src/sitelet/http/http-status.js"

let server: Server | undefined
afterEach(async () => {
  const running = server
  server = undefined
  if (running) await new Promise<void>((resolve) => running.close(() => resolve()))
})

/** Serves one request with `write` and returns the raw response head lines and body, byte for byte. */
async function rawAnswer(
  write: (res: ServerResponse) => void,
  method = "GET",
): Promise<{ statusLine: string; lines: string[]; body: string }> {
  server = createServer((_req, res) => write(res))
  const running = server
  await new Promise<void>((resolve) => running.listen(0, "127.0.0.1", () => resolve()))
  const port = (running.address() as AddressInfo).port
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1")
    const chunks: Buffer[] = []
    socket.on("data", (chunk: Buffer) => chunks.push(chunk))
    socket.on("error", reject)
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")))
    socket.write(`${method} / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)
  })
  const split = raw.indexOf("\r\n\r\n")
  const [statusLine = "", ...lines] = raw.slice(0, split).split("\r\n")
  return { statusLine, lines, body: raw.slice(split + 4) }
}

const named = (lines: readonly string[], name: string) =>
  lines.filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))

const twoCookies: StaticContent = staticContent(
  Status.Ok,
  [header("Content-Type", "text/plain; charset=utf-8"), header("Set-Cookie", "a=1"), header("Set-Cookie", "b=2")],
  "é",
)

describe("writeNodeResponse", () => {
  it("writes each header once in order, and the UTF-8 byte length", async () => {
    const answer = await rawAnswer((res) => writeNodeResponse(res, twoCookies, "GET", false))
    expect(answer.statusLine).toBe("HTTP/1.1 200 OK")
    expect(named(answer.lines, "set-cookie")).toEqual(["Set-Cookie: a=1", "Set-Cookie: b=2"])
    expect(named(answer.lines, "content-type")).toEqual(["Content-Type: text/plain; charset=utf-8"])
    expect(named(answer.lines, "content-length")).toEqual(["content-length: 2"])
    expect(answer.body).toBe("\u00c3\u00a9")
  })
  it("replaces the content's own Content-Length and, when closing, its Connection", async () => {
    const content = staticContent(
      Status.Ok,
      [header("Content-Length", "99"), header("Connection", "keep-alive")],
      "abc",
    )
    const answer = await rawAnswer((res) => writeNodeResponse(res, content, "GET", true))
    expect(named(answer.lines, "content-length")).toEqual(["content-length: 3"])
    expect(named(answer.lines, "connection")).toEqual(["connection: close"])
    expect(answer.body).toBe("abc")
  })
  it("answers HEAD with the length and no body, and 204 with neither", async () => {
    const head = await rawAnswer((res) => writeNodeResponse(res, twoCookies, "HEAD", false), "HEAD")
    expect(named(head.lines, "content-length")).toEqual(["content-length: 2"])
    expect(head.body).toBe("")
    const empty = await rawAnswer((res) =>
      writeNodeResponse(res, staticContent(Status.NoContent, [], "ignored"), "GET", false),
    )
    expect(empty.statusLine).toBe("HTTP/1.1 204 No Content")
    expect(named(empty.lines, "content-length")).toEqual([])
    expect(empty.body).toBe("")
  })
  it("uses a custom status text", async () => {
    const answer = await rawAnswer((res) =>
      writeNodeResponse(res, staticContent(Status.Custom(299, "Fine Enough"), [], "x"), "GET", false),
    )
    expect(answer.statusLine).toBe("HTTP/1.1 299 Fine Enough")
  })
  it("keeps headers another middleware set, replaces those the content repeats, and keeps repeated names", async () => {
    const content = staticContent(
      Status.Ok,
      [header("X-Mine", "content"), header("Set-Cookie", "a=1"), header("Set-Cookie", "b=2")],
      "ok",
    )
    const answer = await rawAnswer((res) => {
      res.setHeader("X-Powered-By", "Express")
      res.setHeader("x-mine", "middleware")
      writeNodeResponse(res, content, "GET", false)
    })
    expect(named(answer.lines, "x-powered-by")).toHaveLength(1)
    expect(named(answer.lines, "x-mine").map((line) => line.split(": ")[1])).toEqual(["content"])
    expect(named(answer.lines, "set-cookie").map((line) => line.split(": ")[1])).toEqual(["a=1", "b=2"])
    expect(named(answer.lines, "content-length").map((line) => line.split(": ")[1])).toEqual(["2"])
  })
  it("writes nothing once the headers are sent", async () => {
    const answer = await rawAnswer((res) => {
      writeNodeResponse(res, staticContent(Status.Ok, [], "first"), "GET", false)
      writeNodeResponse(res, staticContent(Status.NotFound, [], "second"), "GET", false)
    })
    expect(answer.statusLine).toBe("HTTP/1.1 200 OK")
    expect(answer.body).toBe("first")
  })
})
