/**
 * The codec assembled once per descriptor from the reader, the writer and
 * the decoders (`codec.ts`: `serialize`, `deserialize`, the one every other
 * room calls), the public `Json` namespace, `Json.Activate`, and a
 * WebSocket's messages read and written with it.
 *
 * It may import `descriptor/`, `json/`, `json/decode/`, `json/read/`,
 * `json/write/` and `template/` (its row of docs/architecture.md, which the
 * layers test holds the code to). Other rooms import its modules by their
 * paths, not through this index, so a bundle or a Worker loads only the
 * modules it uses; this index is the room's table of contents, checked by
 * the compiler.
 *
 * @example
 * ```ts
 * Json.Deserialize(t.list(t.int), "[1,2]") //=> [1, 2]
 * ```
 */
export { deserialize, isJsonError, type JsonError, serialize } from "./codec.js"
export { Json, type JsonCodec } from "./json-namespace.js"
export { socketMessages } from "./socket-messages.js"
export { readMessage, writeMessage } from "./socket-messages.js"
