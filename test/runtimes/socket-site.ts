/**
 * The matrix's WebSocket site: one room whose socket echoes typed messages,
 * and crowds whose members hear every member (docs/websockets.md's
 * broadcast), served the same on node:http, Express, Bun, Deno and workerd.
 */
import { Bytes, Content, type Infer, type ServerSocket, Sitelet, t, WebSocket } from "../../src/index.js"

export const Said = t.union({ Say: t.case({ text: t.string }), Bye: t.case({}) })
export const Heard = t.union({ Echo: t.case({ room: t.string, text: t.string, at: t.datetime }) })
export const EchoSocket = WebSocket({ FromClient: Said, FromServer: Heard })
export const RawSocket = WebSocket({ FromClient: Bytes, FromServer: Bytes })
// Subprotocols the server speaks, most preferred first (the handshake table's selection).
export const VersionedSocket = WebSocket({ FromClient: Said, FromServer: Heard, Protocols: ["chat.v2", "chat.v1"] })
export const SocketSite = t.union({
  Room: t.case("GET /rooms/<room>", {}, EchoSocket),
  Crowd: t.case("GET /crowd/<room>", {}, EchoSocket),
  Raw: t.case("GET /raw", {}, RawSocket),
  Versioned: t.case("GET /versioned", {}, VersionedSocket),
  Page: "GET /",
})

type Member = ServerSocket<Infer<typeof Said>, Infer<typeof Heard>>
const crowds = new Map<string, Set<Member>>()

/** Echoes each `Say` with the room and a date (the codec's round trip), closes with 4000 on `Bye`. */
export const socketSite = Sitelet.Infer(SocketSite, {
  Room: (_ctx, e) =>
    Content.WebSocket(
      EchoSocket,
      async (socket) => {
        for await (const said of socket) {
          if (said.$ === "Bye") return socket.Close(4000, "bye")
          await socket.Send({ $: "Echo", room: e.room, text: said.text, at: new Date(Date.UTC(2026, 0, 2)) })
        }
      },
      { MaxMessageBytes: 1024 },
    ),
  // Each `Say` to every member, with `allSettled`: on workerd a socket of another request refuses the send.
  Crowd: (_ctx, e) =>
    Content.WebSocket(
      EchoSocket,
      async (socket) => {
        const members = crowds.get(e.room) ?? new Set<Member>()
        crowds.set(e.room, members.add(socket))
        try {
          for await (const said of socket) {
            if (said.$ === "Bye") return socket.Close(4000, "bye")
            const heard = { $: "Echo", room: e.room, text: said.text, at: new Date(Date.UTC(2026, 0, 2)) } as const
            await Promise.allSettled([...members].map((member) => member.Send(heard)))
          }
        } finally {
          members.delete(socket)
          if (members.size === 0) crowds.delete(e.room)
        }
      },
      { MaxMessageBytes: 64 * 1024, MaxMessagesPerSecond: 100_000, MaxBufferedBytes: 256 * 1024 },
    ),
  // Each binary frame back, reversed: bytes both ways, on every runtime.
  Raw: () =>
    Content.WebSocket(RawSocket, async (socket) => {
      for await (const bytes of socket) await socket.Send(bytes.slice().reverse())
    }),
  Versioned: () =>
    Content.WebSocket(VersionedSocket, async (socket) => {
      for await (const said of socket) if (said.$ === "Bye") return socket.Close(4000, "bye")
    }),
  Page: () => Content.Text("a page"),
})
