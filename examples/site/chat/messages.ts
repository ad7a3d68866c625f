/**
 * The chat room's declaration, shared by the server and the browser: its
 * two URLs (the page, and its socket) and the messages of each side, a
 * discriminated union each.
 */
import { Doc, Media, Returns, t, WebSocket, type Infer } from "../../../src/index.js"

/** What a visitor sends: a message under a name. */
export const Said = t.union({
  Say: t.case({ name: t.string, text: t.string }),
})

/** What the room sends: a message (with its time), and who joined or left (with how many are there). */
export const Heard = t.union({
  Message: t.case({ name: t.string, text: t.string, at: t.datetime }),
  Joined: t.case({ present: t.int }),
  Left: t.case({ present: t.int }),
})
export type Heard = Infer<typeof Heard>

/** The socket of a room: a message of at most 4 KiB, at most 10 a second. */
export const ChatSocket = WebSocket({
  FromClient: Said,
  FromServer: Heard,
  Limits: { MaxMessageBytes: 4096, MaxMessagesPerSecond: 10 },
})

/** The room's page (`/chat/<room>`) and its socket (`/chat/<room>/socket`). */
export const Chat = t.union({
  Room: t.case(
    "GET /chat/<room>",
    {},
    Doc({ Summary: "A chat room", Description: "The room's page, which opens its socket." }),
    Returns(Media("text/html")),
  ),
  Socket: t.case(
    "GET /chat/<room>/socket",
    {},
    Doc({
      Summary: "A chat room's socket",
      Description:
        "Everyone in the room hears each Say as a Message with its time, and Joined or Left with how many are present. A name is cut to its first 40 characters and a text to its first 500 (UTF-16 code units), as the room writes them.",
    }),
    ChatSocket,
  ),
})
export type Chat = Infer<typeof Chat>
