/**
 * The page of the server-sent events browser test: subscribes with
 * `Router.Events` (a POST with a JSON body and a custom header), through
 * a reconnection, and shows each decoded value.
 */
import { Router } from "../../src/client/index.js"
import { EventsApi, Tick } from "./events-site.js"

const api = Router.Infer(EventsApi)
const view = document.getElementById("view")!
const seen: string[] = []
;(window as unknown as { seen: string[] }).seen = seen

const run = async () => {
  for await (const tick of Router.Events(api, { $: "Ticks", filter: { from: 1 } }, Tick, {
    headers: { "x-client": "chromium" },
  })) {
    // A Date, decoded by the codec: the day shows it is one.
    seen.push(`${tick.n}@${tick.at.getUTCDate()}`)
    view.textContent = seen.join(" ")
    if (seen.length === 4) break
  }
  view.dataset.done = "yes"
}
void run().catch((error: unknown) => {
  view.dataset.done = "failed"
  view.textContent = String(error)
})
