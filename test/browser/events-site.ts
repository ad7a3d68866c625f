/**
 * The server side of the server-sent events browser test: a POST endpoint
 * answering two events per connection, resuming after `Last-Event-ID`.
 */
import { Json, Sitelet, t, Content } from "../../src/index.js"

export const Tick = t.record({ n: t.int, at: t.datetime })
const Filter = t.record({ from: t.int })
export const EventsApi = t.union({ Ticks: t.case("POST /ticks", { filter: Json(Filter) }) })

/** Each connection's Last-Event-ID and x-client header, in order. */
export const connections: string[] = []

export const eventsSite = Sitelet.Infer(EventsApi, (ctx, e) => {
  const last = Number(ctx.Request.headers.get("last-event-id") ?? e.filter.from - 1)
  connections.push(`${ctx.Request.headers.get("x-client")} after ${last}`)
  return Content.EventStream(
    (async function* () {
      for (const n of [last + 1, last + 2])
        yield Content.Event({ data: { n, at: new Date(Date.UTC(2026, 10, 25)) }, id: String(n), retry: 20 })
    })(),
    Tick,
  )
})
