/**
 * `WebSocket({ FromClient, FromServer })`: the attribute of a case that
 * upgrades to a WebSocket, with the descriptors of the messages each side
 * sends (written and read with the JSON codec), or `Bytes` for binary
 * frames. Plain data: the server's
 * `Content.WebSocket`, the typed client's `Router.Socket` and the AsyncAPI
 * document all read the same value.
 */
import type { Descriptor, Infer } from "./descriptor.js"
import * as attributeMessages from "./attribute-messages.js"

// A descriptor of a value (not a field wrapper or an attribute): a frozen object or t.datetime, with a kind.
const isDescriptor = (value: unknown): value is Descriptor =>
  (typeof value === "object" || typeof value === "function") &&
  value !== null &&
  typeof (value as { kind?: unknown }).kind === "string" &&
  (value as { kind: string }).kind !== "attribute" &&
  (value as { kind: string }).kind !== "field"
const isSide = (value: unknown): boolean => isDescriptor(value) || isBytes(value)
// An HTTP token (RFC 9110 §5.6.2), as a subprotocol name must be.
const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/**
 * The type of {@link Bytes}: a side of a socket whose messages are binary
 * frames, each a `Uint8Array`.
 */
export interface BytesMessages {
  readonly "~bytes": true
}

/**
 * A side of a socket whose messages are binary frames (`Uint8Array`), in
 * place of a descriptor's JSON text: `WebSocket({ FromClient: Bytes, FromServer: Bytes })`.
 *
 * @example
 * ```ts
 * const Upload = WebSocket({ FromClient: Bytes, FromServer: t.union({ Stored: t.case({ bytes: t.int }) }) })
 * ```
 */
export const Bytes: BytesMessages = Object.freeze({ "~bytes": true })

/**
 * Whether a side of a socket is {@link Bytes}.
 *
 * @example
 * ```ts
 * isBytes(Bytes) //=> true
 * ```
 */
export const isBytes = (side: unknown): side is BytesMessages =>
  typeof side === "object" && side !== null && (side as Partial<BytesMessages>)["~bytes"] === true

/** What one side of a socket sends: a descriptor (JSON text frames) or {@link Bytes}. */
export type SocketSide = Descriptor | BytesMessages

/** The value of one side's message. */
export type MessageOf<Side> = Side extends BytesMessages ? Uint8Array : Side extends Descriptor ? Infer<Side> : never

/**
 * The messages of a WebSocket case, as a case attribute.
 *
 * @example
 * ```ts
 * const Chat = WebSocket({ FromClient: Said, FromServer: Heard }) //=> WebSocketAttribute<typeof Said, typeof Heard>
 * ```
 */
export interface WebSocketAttribute<
  FromClient extends SocketSide = SocketSide,
  FromServer extends SocketSide = SocketSide,
> {
  readonly kind: "attribute"
  readonly name: "WebSocket"
  readonly values: readonly []
  /** What the client sends: each text frame is one value of it, in JSON (or each binary frame, for `Bytes`). */
  readonly fromClient: FromClient
  /** What the server sends. */
  readonly fromServer: FromServer
  /** The limits the declaration sets (the AsyncAPI document states them; `Content.WebSocket`'s options win). */
  readonly limits?: SocketLimits
  /**
   * The subprotocols the server speaks, most preferred first: it selects the
   * first of these the client offers (`Sec-WebSocket-Protocol`), and none
   * when there is none (or none is declared), on every host.
   */
  readonly protocols?: readonly string[]
}

/**
 * A socket's limits, in its declaration: what closes it, so documents can
 * say so. Each has a default ({@link socketLimitDefaults}).
 *
 * @example
 * ```ts
 * WebSocket({ FromClient: Said, FromServer: Heard, Limits: { MaxMessageBytes: 4096, MaxMessagesPerSecond: 10 } })
 * ```
 */
export interface SocketLimits {
  /** The largest message a client may send, in bytes: a larger one closes the socket with 1009. Default 64 KiB. */
  readonly MaxMessageBytes?: number
  /** Messages a client may send per second (a token bucket of this many): more closes with 1008. Default 50. */
  readonly MaxMessagesPerSecond?: number
  /** Received messages waiting for the handler to read them: more closes with 1008. Default 100. */
  readonly MaxQueuedMessages?: number
  /** Bytes waiting unsent to a slow client: more closes with 1008. Default 1 MiB. */
  readonly MaxBufferedBytes?: number
}

/**
 * The limits of a socket that sets none.
 *
 * @example
 * ```ts
 * socketLimitDefaults.MaxMessagesPerSecond //=> 50
 * ```
 */
export const socketLimitDefaults: Required<SocketLimits> = Object.freeze({
  MaxMessageBytes: 64 * 1024,
  MaxMessagesPerSecond: 50,
  MaxQueuedMessages: 100,
  MaxBufferedBytes: 1024 * 1024,
})

/** The value a client sends on a socket of this declaration. */
export type ClientMessage<Socket extends WebSocketAttribute> = MessageOf<Socket["fromClient"]>
/** The value the server sends on a socket of this declaration. */
export type ServerMessage<Socket extends WebSocketAttribute> = MessageOf<Socket["fromServer"]>

/**
 * Declares that a case upgrades to a WebSocket, and the messages of each
 * side. Keep it in a constant: the handler (`Content.WebSocket`) and the
 * client (`Router.Socket`) take the same value.
 *
 * @example
 * ```ts
 * const Said = t.union({ Say: t.case({ text: t.string }) })
 * const Heard = t.union({ Message: t.case({ from: t.string, text: t.string }), Joined: t.case({ name: t.string }) })
 * const ChatSocket = WebSocket({ FromClient: Said, FromServer: Heard, Limits: { MaxMessageBytes: 4096 } })
 * const Site = t.union({ Room: t.case("GET /chat/<room>", {}, ChatSocket) })
 * ```
 */
export function WebSocket<const FromClient extends SocketSide, const FromServer extends SocketSide>(messages: {
  readonly FromClient: FromClient
  readonly FromServer: FromServer
  /** The socket's limits: what closes it (stated by the AsyncAPI document). */
  readonly Limits?: SocketLimits
  /** The subprotocols the server speaks, most preferred first (`["chat.v2", "chat.v1"]`). Default none. */
  readonly Protocols?: readonly string[]
}): WebSocketAttribute<FromClient, FromServer> {
  if (typeof messages !== "object" || messages === null || !isSide(messages.FromClient))
    throw new TypeError(attributeMessages.badSocketMessages("FromClient"))
  if (!isSide(messages.FromServer)) throw new TypeError(attributeMessages.badSocketMessages("FromServer"))
  const limits = messages.Limits
  for (const [name, value] of Object.entries(limits ?? {}))
    if (!Number.isSafeInteger(value) || (value as number) < 1)
      throw new TypeError(attributeMessages.badSocketLimit(name, value))
  const protocols = messages.Protocols
  if (protocols !== undefined && !Array.isArray(protocols))
    throw new TypeError(attributeMessages.badSocketProtocol(protocols))
  for (const [at, protocol] of (protocols ?? []).entries())
    if (typeof protocol !== "string" || !token.test(protocol) || protocols?.indexOf(protocol) !== at)
      throw new TypeError(attributeMessages.badSocketProtocol(protocol))
  return Object.freeze({
    kind: "attribute",
    name: "WebSocket",
    values: Object.freeze([]) as readonly [],
    fromClient: messages.FromClient,
    fromServer: messages.FromServer,
    ...(limits === undefined ? {} : { limits: Object.freeze({ ...limits }) }),
    ...(protocols === undefined || protocols.length === 0 ? {} : { protocols: Object.freeze([...protocols]) }),
  })
}

/**
 * The `WebSocket` attribute among a case's attributes, if any.
 *
 * @example
 * ```ts
 * socketOf(Site.cases.Room.attributes) //=> ChatSocket
 * ```
 */
export function socketOf(attributes: readonly { readonly name: string }[]): WebSocketAttribute | undefined {
  return attributes.find((attribute): attribute is WebSocketAttribute => attribute.name === "WebSocket")
}
