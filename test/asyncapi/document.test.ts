/**
 * Issue 27, item 5: `AsyncApi.Document` describes every WebSocket channel of
 * a site — address and parameters, each side's messages with their JSON
 * Schemas (a recursive type's definitions hoisted to the components), the
 * security of a channel behind `Protect` — and the AsyncAPI project's own
 * parser (`@asyncapi/parser`) finds no error in it. The OpenAPI document
 * marks the same operations as upgrades.
 */
import { Parser } from "@asyncapi/parser"
import { describe, expect, it } from "vitest"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { AsyncApi, socketRules } from "../../src/asyncapi/document.js"
import type { RecordDescriptor } from "../../src/descriptor/descriptor.js"
import { t } from "../../src/descriptor/t.js"
import { Returns } from "../../src/descriptor/attributes.js"
import { EventStream } from "../../src/descriptor/media.js"
import { Bytes, WebSocket } from "../../src/descriptor/web-socket.js"
import { OpenApi } from "../../src/openapi/document.js"
import { Auth } from "../../src/sitelet/auth/auth.js"
import { Content } from "../../src/sitelet/content/content.js"

const Said = t.union({ Say: t.case({ text: t.string }) })
// A recursive message type, as the docs declare one.
interface Tree {
  value: number
  children: Tree[]
}
const TreeD: RecordDescriptor<any, Tree> = t.record({ value: t.int, children: t.list(t.lazy<Tree>(() => TreeD)) })
const Heard = t.union({ Message: t.case({ from: t.string, text: t.string }), Joined: t.case({ name: t.string }) })
const Chat = WebSocket({ FromClient: Said, FromServer: Heard })
const Trees = WebSocket({ FromClient: Said, FromServer: TreeD })
const Raw = WebSocket({ FromClient: Bytes, FromServer: Heard, Protocols: ["upload.v2", "upload.v1"] })

const Site = t.union({
  Home: "GET /",
  Room: t.case("GET /chat/<room>/<id:int>", {}, Chat),
  Forest: t.case("GET /trees", {}, Trees),
  Upload: t.case("GET /upload", {}, Raw),
  Feed: t.case("GET /rooms/<id:int>/feed", {}, Returns(EventStream(Heard))),
})
const Admin = t.union({ Watch: t.case("GET /admin/watch", {}, Chat) })
const site = Sitelet.Sum(
  Sitelet.Infer(Site, {
    Home: () => Content.Text("home"),
    Room: () => Content.WebSocket(Chat, () => undefined),
    Forest: () => Content.WebSocket(Trees, () => undefined),
    Upload: () => Content.WebSocket(Raw, () => undefined),
    Feed: () =>
      Content.EventStream(
        (async function* () {
          yield { $: "Joined" as const, name: "Ada" }
        })(),
        Heard,
      ),
  }),
  Sitelet.Protect(
    { Credentials: [Auth.Bearer()], VerifyUser: () => true },
    Sitelet.Infer(Admin, { Watch: () => Content.WebSocket(Chat, () => undefined) }),
  ),
)

const document = AsyncApi.Document(site, {
  info: { title: "chat", version: "1.0.0" },
  servers: { local: { host: "localhost:8080", protocol: "ws" } },
})

describe("AsyncApi.Document", () => {
  it("is valid AsyncAPI 3.0 for @asyncapi/parser", async () => {
    const { diagnostics, document: parsed } = await new Parser().parse(JSON.stringify(document))
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 0)
    expect(errors.map((error) => `${error.path.join(".")}: ${error.message}`)).toEqual([])
    expect(
      parsed
        ?.channels()
        .all()
        .map((channel) => channel.address()),
    ).toEqual(["/chat/{room}/{id}", "/trees", "/upload", "/admin/watch", "/rooms/{id}/feed"])
  })

  it("has each channel's parameters, both sides' messages and the server's operations", () => {
    const channels = document.channels as Record<string, Record<string, unknown>>
    expect(Object.keys(channels)).toEqual(["Room", "Forest", "Upload", "Watch", "Feed"])
    expect(Object.keys(channels.Room?.parameters as object)).toEqual(["room", "id"])
    const messages = (document.components as { messages: Record<string, { payload: unknown }> }).messages
    expect(messages["Room.FromServer"]?.payload).toMatchObject({
      oneOf: [
        { properties: { $: { const: "Message" } }, required: ["$", "from", "text"] },
        { properties: { $: { const: "Joined" } } },
      ],
    })
    // A Bytes side: binary frames.
    expect(messages["Upload.FromClient"]).toMatchObject({
      contentType: "application/octet-stream",
      payload: { type: "string", format: "binary" },
    })
    const operations = document.operations as Record<string, { action: string }>
    expect(operations["Room.receive"]?.action).toBe("receive")
    expect(operations["Room.send"]?.action).toBe("send")
  })

  it("hoists a recursive message type's definitions to the components, and refers to them there", () => {
    const text = JSON.stringify(document)
    expect(text).not.toContain("#/$defs/")
    const schemas = (document.components as { schemas?: Record<string, unknown> }).schemas ?? {}
    expect(Object.keys(schemas).some((name) => name.startsWith("Forest.FromServer."))).toBe(true)
  })

  it("secures the channel behind Protect with its schemes", () => {
    const operations = document.operations as Record<string, { security?: unknown[] }>
    expect(operations["Watch.receive"]?.security).toEqual([{ $ref: "#/components/securitySchemes/bearer" }])
    expect(operations["Room.receive"]?.security).toBeUndefined()
    expect((document.components as { securitySchemes: unknown }).securitySchemes).toMatchObject({
      bearer: { type: "http", scheme: "bearer" },
    })
  })

  it("is marked in the OpenAPI document: 101, 426 and the handshake's 400 on the upgrade operation", () => {
    const openapi = OpenApi.Document(site, { info: { title: "chat", version: "1" } }) as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; "x-sitelets-websocket"?: unknown }>>
    }
    const room = openapi.paths["/chat/{room}/{id}"]?.get
    expect(Object.keys(room?.responses ?? {})).toEqual(expect.arrayContaining(["101", "426"]))
    expect(room?.["x-sitelets-websocket"]).toEqual({ channel: "Room" })
    // The handshakes the host refuses (test/runtimes/handshakes.ts), with the version it speaks.
    const refused = room?.responses["400"] as { description: string; headers: Record<string, unknown> }
    expect(refused.description).toContain("a Sec-WebSocket-Version other than 13")
    expect(refused.description).toContain("a missing or malformed Sec-WebSocket-Key")
    expect(refused.headers["Sec-WebSocket-Version"]).toEqual({ schema: { type: "string", const: "13" } })
  })

  it("is what the example site serves at /asyncapi.json, valid, with the chat room's channel", async () => {
    const { apiDocs, asyncApiDocument } = await import("../../examples/site/docs.js")
    const served = await (await apiDocs.Handle(new Request("http://localhost:3000/asyncapi.json")))!.json()
    // The document, with the server the request reached (no host fixed in it).
    expect(served).toEqual({
      ...JSON.parse(JSON.stringify(asyncApiDocument)),
      servers: { here: { host: "localhost:3000", protocol: "ws", description: "This server" } },
    })
    const secure = await (await apiDocs.Handle(new Request("https://chat.example.org/asyncapi.json")))!.json()
    expect(secure.servers).toEqual({ here: { host: "chat.example.org", protocol: "wss", description: "This server" } })
    const { diagnostics } = await new Parser().parse(JSON.stringify(served))
    expect(diagnostics.filter((diagnostic) => diagnostic.severity === 0)).toEqual([])
    expect((served.channels as Record<string, { address: string }>).Socket?.address).toBe("/chat/{room}/socket")
    // Its limits and close codes, and its parameter, in words.
    const socket = served.channels.Socket as {
      description: string
      parameters: Record<string, { description: string }>
    }
    expect(socket.description).toContain(socketRules({ MaxMessageBytes: 4096, MaxMessagesPerSecond: 10 }))
    expect(socket.description).toContain("cut to its first 40 characters")
    for (const code of ["1009", "1008", "1007", "1003", "1011"]) expect(socket.description).toContain(code)
    expect(socket.parameters.room?.description).toBe("The room: one path segment, a string (percent-encoded)")
  })

  it("states the subprotocols a declaration speaks in the channel's ws binding, and none where it declares none", () => {
    const channels = document.channels as Record<string, { bindings: { ws: Record<string, unknown> } }>
    expect(channels.Upload?.bindings.ws).toEqual({
      method: "GET",
      headers: {
        type: "object",
        properties: {
          "Sec-WebSocket-Protocol": {
            type: "string",
            description:
              "The subprotocols the client offers; the server selects the first of upload.v2, upload.v1 among them, else none",
            examples: ["upload.v2, upload.v1"],
          },
        },
      },
      bindingVersion: "0.1.0",
    })
    expect(channels.Forest?.bindings.ws).toEqual({ method: "GET", bindingVersion: "0.1.0" })
  })

  it("states the limits a declaration sets, and the defaults where it sets none", () => {
    expect(socketRules(undefined)).toContain("A message over 64 KiB closes the socket with 1009.")
    expect(socketRules(undefined)).toContain("More than 50 a second, more than 100 waiting")
    expect(socketRules({ MaxMessageBytes: 1000 })).toContain("A message over 1000 bytes")
    expect(() => WebSocket({ FromClient: t.string, FromServer: t.string, Limits: { MaxMessageBytes: 0 } })).toThrow(
      "WebSocket: Limits.MaxMessageBytes must be a whole number ≥ 1, got 0",
    )
  })

  it("has a channel for a declared event stream, the server sending each event's data", () => {
    const channels = document.channels as Record<string, { address: string; parameters?: object }>
    expect(channels.Feed?.address).toBe("/rooms/{id}/feed")
    expect(Object.keys(channels.Feed?.parameters ?? {})).toEqual(["id"])
    const messages = (document.components as { messages: Record<string, { payload: unknown }> }).messages
    expect(messages["Feed.Event"]?.payload).toMatchObject({ oneOf: [{ properties: { $: { const: "Message" } } }, {}] })
    const operations = document.operations as Record<string, { action: string }>
    expect(Object.keys(operations).filter((name) => name.startsWith("Feed."))).toEqual(["Feed.send"])
    // The OpenAPI document gives the events' data beside the stream.
    const openapi = OpenApi.Document(site, { info: { title: "chat", version: "1" } }) as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, object> }> }>>
    }
    expect(openapi.paths["/rooms/{id}/feed"]?.get?.responses["200"]?.content["text/event-stream"]).toMatchObject({
      "x-sitelets-event-data": { oneOf: [{}, {}] },
    })
  })
})
