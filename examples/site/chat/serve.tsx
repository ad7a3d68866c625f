/**
 * The chat room on the server: its page (JSX, in the site's layout), its
 * script (bundled at startup), and its socket — every visitor of a room
 * hears what any of them says, and who comes and goes, whichever process
 * holds their socket: a room is a key of a `Topic`, carried in this
 * process or, with `REDIS_URL`, through Redis to every process
 * (services.ts). Serve it next to the site, with the server's upgrade
 * listener: `site.plus(chat())` and `server.on("upgrade", handler.upgrade)`.
 */
import { fileURLToPath } from "node:url"
import { bundleForBrowser } from "../client/bundle.js"
import { Content, Sitelet, Topic } from "../../../src/index.js"
import { layout, siteLinks } from "../layout.js"
import { services } from "../services.js"
import { Chat, ChatSocket, Heard } from "./messages.js"

/** The script's URL. */
export const chatScript = "/chat.js"

// Every room's messages, typed by what the room sends (the socket's FromServer): a visitor's socket subscribes to
// its room's key, and what anyone says is published to it. A listener is not waited for, and Send settles once the
// frame is queued, so a visitor who stops reading holds up no one (it is closed with 1008 past its buffer allowance).
const rooms = Topic(Heard, { Name: "chat", Bus: services.chat })

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
          const heard = await rooms.Subscribe(e.room, (message) => socket.Send(message))
          try {
            await rooms.Publish(e.room, { $: "Joined", present: await services.presence.join(e.room) })
            for await (const said of socket)
              await rooms.Publish(e.room, {
                $: "Message",
                name: said.name.slice(0, 40),
                text: said.text.slice(0, 500),
                at: new Date(),
              })
          } finally {
            await heard.Unsubscribe()
            // Best effort: a room's count and its Left are lost if Redis is gone (the socket is closing anyway).
            await services.presence
              .leave(e.room)
              .then((present) => rooms.Publish(e.room, { $: "Left", present }))
              .catch(() => undefined)
          }
        },
        // The limits are the declaration's (chat/messages.ts), so the AsyncAPI document states them.
      ),
  })
  return script.plus(room)
}
