/**
 * The benchmark's echo as a sitelet, the same on node and on Bun: a
 * `WebSocket` case answering each `Say` with an `Echo` of its text, with no
 * rate limit and no pings (the clients send as fast as they are answered).
 */
import { Content, Sitelet, t, WebSocket } from "sitelets"

const Said = t.union({ Say: t.case({ text: t.string }) })
const Heard = t.union({ Echo: t.case({ text: t.string }) })
const EchoSocket = WebSocket({ FromClient: Said, FromServer: Heard })

/** `GET /echo`: the typed echo. */
export const echoSite = Sitelet.Infer(t.union({ Echo: t.case("GET /echo", {}, EchoSocket) }), {
  Echo: () =>
    Content.WebSocket(
      EchoSocket,
      async (socket) => {
        for await (const said of socket) await socket.Send({ $: "Echo", text: said.text })
      },
      { MaxMessagesPerSecond: 1e9, PingSeconds: 0 },
    ),
})
