/**
 * The Worker of test/runtimes/durable-objects.test.ts, on the two Durable
 * Object classes of `sitelets/cloudflare`:
 * - `POST /take`: the rate-limit contract's `take`, through `durableObjectStore`;
 * - `GET /limited`: a site limited through it (2 requests, then 429);
 * - `GET /bus/subscribe?channel=` (a WebSocket) and `POST /bus/publish?channel=`:
 *   the topic bus contract, through `durableObjectBus`, each subscription
 *   made in its own request as a Worker makes them;
 * - `GET /room/<room>/socket`: a chat room as the example's, its messages
 *   carried by a `Topic` on the Durable Object bus.
 */
import { Content, Sitelet, t, Topic, WebSocket } from "../../src/index.js"
import {
  type DurableObjectNamespaceLike,
  durableObjectBus,
  durableObjectStore,
  RateLimitObject,
  TopicObject,
  type WorkersWebSocket,
} from "../../src/cloudflare/index.js"

export { RateLimitObject, TopicObject }

interface Env {
  readonly LIMITS: DurableObjectNamespaceLike
  readonly TOPICS: DurableObjectNamespaceLike
}

const Said = t.union({ Say: t.case({ text: t.string }) })
const Heard = t.union({ Message: t.case({ text: t.string, at: t.datetime }) })
const RoomSocket = WebSocket({ FromClient: Said, FromServer: Heard })

const site = (env: Env) => {
  const rooms = Topic(Heard, { Name: "room", Bus: durableObjectBus(env.TOPICS) })
  return Sitelet.RateLimit(
    {
      Capacity: 2,
      RefillPerSecond: 0.001,
      Key: (_ctx, e) => (e.$ === "Limited" ? "everyone" : undefined),
      Store: durableObjectStore(env.LIMITS, { prefix: "site:" }),
    },
    Sitelet.Infer(t.union({ Limited: "GET /limited", Room: t.case("GET /room/<room>/socket", {}, RoomSocket) }), {
      Limited: () => Content.Text("within the limit"),
      Room: (_ctx, e) =>
        Content.WebSocket(RoomSocket, async (socket) => {
          const heard = await rooms.Subscribe(e.room, (message) => socket.Send(message))
          try {
            for await (const said of socket)
              await rooms.Publish(e.room, { $: "Message", text: said.text, at: new Date() })
          } finally {
            await heard.Unsubscribe()
          }
        }),
    }),
  )
}

type Pair = new () => { 0: WorkersWebSocket; 1: WorkersWebSocket }

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url)
    if (url.pathname === "/take") {
      const { key, capacity, refillPerSecond, now } = (await request.json()) as {
        key: string
        capacity: number
        refillPerSecond: number
        now: number
      }
      return Response.json(await durableObjectStore(env.LIMITS).take(key, { capacity, refillPerSecond }, now))
    }
    const channel = url.searchParams.get("channel") ?? ""
    if (url.pathname === "/bus/publish") {
      await durableObjectBus(env.TOPICS).publish(channel, await request.text())
      return new Response(null, { status: 204 })
    }
    if (url.pathname === "/bus/subscribe") {
      const { 0: client, 1: server } = new (globalThis as unknown as { WebSocketPair: Pair }).WebSocketPair()
      server.accept()
      const stop = await durableObjectBus(env.TOPICS).subscribe(channel, (text) => server.send(text))
      // The Node client's close is answered (workerd does not answer it by itself), and the subscription ends.
      server.addEventListener("close", () => {
        server.close(1000, "unsubscribed")
        void stop()
      })
      return new Response(null, { status: 101, webSocket: client } as ResponseInit)
    }
    return (await site(env).Handle(request)) ?? new Response("Not Found", { status: 404 })
  },
}
