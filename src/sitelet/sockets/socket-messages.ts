import { countOf } from "../../internal/words.js"

/**
 * Sentences of WebSockets and topics: option and close-code errors, the handshake's refusals and the close reasons (at most 123 bytes each, RFC 6455 §5.5), written once; tests import these writers.
 *
 * @example
 * ```ts
 * expect(() => socket.Close(1001)).toThrow(socketMessages.badCloseCode(1001))
 * ```
 */
export const socketMessages = {
  badSocketOption: (name: string, value: unknown) =>
    `Content.WebSocket: ${name} must be a number ≥ 0, got ${String(value)}`,
  notSocketDeclaration:
    "Content.WebSocket: the first argument must be the case's WebSocket({ FromClient, FromServer })",
  socketHandler: "Content.WebSocket: the second argument must be the function that runs the socket",
  upgradeRequired: "This endpoint is a WebSocket: connect with a WebSocket client (Upgrade: websocket)",
  notSocketEndpoint: "This endpoint does not accept a WebSocket upgrade",
  socketVersion: "This server speaks WebSocket version 13 (Sec-WebSocket-Version: 13, RFC 6455)",
  socketKey: "A WebSocket upgrade needs one Sec-WebSocket-Key: 16 random bytes in base64 (RFC 6455 §4.1)",
  badCloseCode: (code: unknown) =>
    `socket.Close: the code must be 1000 or one of the application's own, 3000 to 4999 (got ${String(code)})`,
  slowReader: "the client reads too slowly",
  queueFull: "too many messages waiting to be read",
  messageTooLarge: (bytes: number) => `a message may take at most ${bytes} bytes`,
  tooManyMessages: (perSecond: number) => `at most ${countOf(perSecond, "message", "messages")} a second`,
  socketOrigin: (origin: string) => `WebSocket connections from the origin '${origin}' are not allowed`,
  topicRefused: (channel: string) =>
    `Topic: a message on '${channel}' does not match the topic's descriptor (published by another version of the app?); it was dropped`,
  topicOverflow: (key: string, max: number) =>
    `Topic: the reader of '${key}' fell ${max} messages behind (MaxQueued); its iteration ends rather than queue without bound`,
} as const
