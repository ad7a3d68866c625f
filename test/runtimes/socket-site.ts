/**
 * The matrix's WebSocket site: one room whose socket echoes typed messages,
 * served the same on node:http, Express, Bun, Deno and workerd.
 */
import { Bytes, Content, Sitelet, t, WebSocket } from "../../src/index.js"

export const Said = t.union({ Say: t.case({ text: t.string }), Bye: t.case({}) })
export const Heard = t.union({ Echo: t.case({ room: t.string, text: t.string, at: t.datetime }) })
export const EchoSocket = WebSocket({ FromClient: Said, FromServer: Heard })
export const RawSocket = WebSocket({ FromClient: Bytes, FromServer: Bytes })
export const SocketSite = t.union({
  Room: t.case("GET /rooms/<room>", {}, EchoSocket),
  Raw: t.case("GET /raw", {}, RawSocket),
  Page: "GET /",
})

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
  // Each binary frame back, reversed: bytes both ways, on every runtime.
  Raw: () =>
    Content.WebSocket(RawSocket, async (socket) => {
      for await (const bytes of socket) await socket.Send(bytes.slice().reverse())
    }),
  Page: () => Content.Text("a page"),
})
