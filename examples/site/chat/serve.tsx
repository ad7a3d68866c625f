/**
 * The chat room on the server: its page (JSX, in the site's layout), its
 * script (bundled at startup), and its socket — every visitor of a room
 * hears what any of them says, and who comes and goes. Serve it next to
 * the site, with the server's upgrade listener: `site.plus(chat())` and
 * `server.on("upgrade", handler.upgrade)`.
 */
import { fileURLToPath } from "node:url"
import { bundleForBrowser } from "../client/bundle.js"
import { Content, Sitelet, type ServerSocket } from "../../../src/index.js"
import { layout, siteLinks } from "../layout.js"
import { Chat, ChatSocket, type Heard } from "./messages.js"

/** The script's URL. */
export const chatScript = "/chat.js"

type Visitor = ServerSocket<unknown, Heard>

// The sockets of each room; a room with nobody in it is forgotten.
const rooms = new Map<string, Set<Visitor>>()

// Send settles once the frame is queued, so a visitor who stops reading holds up no one (it is closed with 1008
// past its buffer allowance); allSettled, so that a send the platform refuses does not end the sender's loop.
const broadcast = (room: Set<Visitor>, heard: Heard) =>
  Promise.allSettled([...room].map((visitor) => visitor.Send(heard)))

let bundled: Promise<string> | undefined
const bundle = () =>
  (bundled ??= bundleForBrowser(fileURLToPath(new URL("./app.ts", import.meta.url))).then((built) => built.code))

/**
 * The chat as a sitelet: `/chat/<room>` (the page), `/chat/<room>/socket`
 * (the socket), `/chat.js` (the script).
 *
 * @example
 * ```ts
 * const handler = NodeHandler(site.plus(chat()))
 * server.on("upgrade", handler.upgrade)
 * ```
 */
export function chat() {
  const script = Sitelet.Content(chatScript, { $: "ChatScript" } as const, async () =>
    Content.Custom({
      Headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" },
      Body: await bundle(),
    }),
  )
  const room = Sitelet.Infer(Chat, {
    Room: (ctx, e) =>
      layout(
        siteLinks(ctx),
        `Chat · ${e.room}`,
        <div id="chat" class="chat" data-room={e.room}>
          <p class="meta" id="present">
            connecting…
          </p>
          <ul id="messages" class="messages" aria-live="polite" />
          <form id="say" class="inline">
            <input name="name" placeholder="Your name" aria-label="Your name" autocomplete="nickname" />
            <input name="text" placeholder="Say something" aria-label="Message" required />
            <button type="submit">Send</button>
          </form>
          <script type="module" src={chatScript} />
        </div>,
        "Chat",
      ),
    Socket: (_ctx, e) =>
      Content.WebSocket(
        ChatSocket,
        async (socket) => {
          let visitors = rooms.get(e.room)
          if (visitors === undefined) rooms.set(e.room, (visitors = new Set()))
          visitors.add(socket)
          await broadcast(visitors, { $: "Joined", present: visitors.size })
          try {
            for await (const said of socket)
              await broadcast(visitors, {
                $: "Message",
                name: said.name.slice(0, 40),
                text: said.text.slice(0, 500),
                at: new Date(),
              })
          } finally {
            visitors.delete(socket)
            if (visitors.size === 0) rooms.delete(e.room)
            else await broadcast(visitors, { $: "Left", present: visitors.size })
          }
        },
        { MaxMessageBytes: 4096, MaxMessagesPerSecond: 10 },
      ),
  })
  return script.plus(room)
}
