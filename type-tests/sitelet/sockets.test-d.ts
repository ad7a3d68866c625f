import { expectTypeOf } from "expect-type"
import {
  Bytes,
  Content,
  EventStream,
  Returns,
  Sitelet,
  t,
  WebSocket,
  type ClientMessage,
  type ServerMessage,
  type ServerSocket,
} from "sitelets"
import { Router } from "sitelets/client"
import { WebSocket as NodeWebSocket } from "ws"

const Said = t.union({ Say: t.case({ text: t.string }) })
const Heard = t.union({ Echo: t.case({ text: t.string, at: t.datetime }) })
const Chat = WebSocket({ FromClient: Said, FromServer: Heard })
const Raw = WebSocket({ FromClient: Bytes, FromServer: Heard })

// Each side's message type comes from its descriptor; Bytes is Uint8Array.
expectTypeOf<ClientMessage<typeof Chat>>().toEqualTypeOf<{ $: "Say"; text: string }>()
expectTypeOf<ServerMessage<typeof Chat>>().toEqualTypeOf<{ $: "Echo"; text: string; at: Date }>()
expectTypeOf<ClientMessage<typeof Raw>>().toEqualTypeOf<Uint8Array>()

const Site = t.union({
  Room: t.case("GET /chat/<room>", {}, Chat),
  Upload: t.case("GET /upload", {}, Raw),
  Feed: t.case("GET /feed", {}, Returns(EventStream(Heard))),
})

Sitelet.Infer(Site, {
  Room: (_ctx, e) =>
    Content.WebSocket(Chat, async (socket) => {
      expectTypeOf(socket).toEqualTypeOf<
        ServerSocket<{ $: "Say"; text: string }, { $: "Echo"; text: string; at: Date }>
      >()
      for await (const said of socket) await socket.Send({ $: "Echo", text: `${e.room}: ${said.text}`, at: new Date() })
      // @ts-expect-error -- the server sends Heard, not Said
      await socket.Send({ $: "Say", text: "x" })
    }),
  Upload: () =>
    Content.WebSocket(Raw, async (socket) => {
      for await (const bytes of socket) expectTypeOf(bytes).toEqualTypeOf<Uint8Array>()
    }),
  Feed: () =>
    Content.EventStream(
      (async function* () {
        yield { $: "Echo" as const, text: "x", at: new Date() }
      })(),
      Heard,
    ),
})

// A declared event stream admits no Content.Json at its status, as Media(type) does not.
Sitelet.Infer(t.union({ Feed: t.case("GET /feed", {}, Returns(EventStream(Heard))) }), {
  // @ts-expect-error -- a JSON answer where the declaration says text/event-stream
  Feed: () => Content.Json({ $: "Echo", text: "x", at: new Date() }),
})

// The client's socket: typed the same way, for a value it can link.
const api = Router.Infer(Site)
const room = api.Socket({ $: "Room", room: "a" }, Chat)
room.Send({ $: "Say", text: "hi" })
// @ts-expect-error -- the client sends Said
room.Send({ $: "Echo", text: "x", at: new Date() })

// On Node 20, `ws`'s WebSocket (with @types/ws) as the client's constructor, as docs/websockets.md says: no cast.
const fromNode = api.Socket({ $: "Room", room: "b" }, Chat, { base: "http://localhost:8080", WebSocket: NodeWebSocket })
fromNode.Send({ $: "Say", text: "hi" })
// And the platform's (browsers, Node 22+, Bun, Deno).
api.Socket({ $: "Room", room: "c" }, Chat, { WebSocket: globalThis.WebSocket })
