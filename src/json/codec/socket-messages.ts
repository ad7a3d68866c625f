/**
 * One WebSocket message of a declared side, written or read: JSON text
 * through the codec for a descriptor, a binary frame for `Bytes`. Shared
 * by the server's session and the client's socket, so both sides refuse
 * the same frames with the same close codes.
 */
import { isBytes, type SocketSide } from "../../descriptor/web-socket.js"
import { deserialize, serialize } from "./codec.js"

/**
 * The frame of a value: JSON text, or the bytes themselves.
 *
 * @example
 * ```ts
 * writeMessage(t.int, 3) //=> "3"
 * writeMessage(Bytes, new Uint8Array([1])) //=> Uint8Array [1]
 * ```
 */
export function writeMessage(side: SocketSide, value: unknown): string | Uint8Array {
  if (!isBytes(side)) return serialize(side, value as never)
  if (!(value instanceof Uint8Array)) throw new TypeError(socketMessages.notBytes)
  return value
}

/** A frame read: its value, or the close code and reason that refuse it. */
export type ReadMessage = { readonly value: unknown } | { readonly refuse: readonly [code: number, reason: string] }

/**
 * A received frame as the side's value, or why it is refused: 1003 for a
 * frame of the other kind (text for bytes, binary for JSON), 1007 with the
 * decoder's sentence for text that does not decode.
 *
 * @example
 * ```ts
 * readMessage(t.int, "3", false) //=> { value: 3 }
 * readMessage(t.int, "x", false) //=> { refuse: [1007, "…"] }
 * ```
 */
export function readMessage(side: SocketSide, data: string | Uint8Array, binary: boolean): ReadMessage {
  if (isBytes(side))
    return binary && data instanceof Uint8Array ? { value: data } : { refuse: [1003, socketMessages.wantBytes] }
  if (binary || typeof data !== "string") return { refuse: [1003, socketMessages.wantText] }
  try {
    return { value: deserialize(side, data) }
  } catch (error) {
    return { refuse: [1007, error instanceof Error ? error.message : String(error)] }
  }
}

/** The sentences of refused frames, written once. */
export const socketMessages = {
  wantText: "this socket takes JSON text messages",
  wantBytes: "this socket takes binary messages",
  notBytes: "a message of a Bytes side must be a Uint8Array",
} as const
