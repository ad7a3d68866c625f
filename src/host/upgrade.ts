/**
 * What every host decides about WebSocket upgrades before writing an
 * answer: a WebSocket case asked without an upgrade gets 426 with
 * `Upgrade: websocket`; an upgrade from another site's page gets 403 unless
 * the case allows that origin (cross-site WebSocket hijacking), by the rule
 * the cross-site request check applies too (same-origin.ts). Hosts then
 * upgrade only what is left: a socket answer to an upgrade request from an
 * allowed origin. A version other than 13 or a missing or malformed
 * `Sec-WebSocket-Key` is a 400 here, before any runtime's own upgrade, and
 * the subprotocol is chosen here from the case's declared list. An upgrade to a case that answers
 * with anything else is no handshake (no 101); the node host, which sees
 * upgrades apart, answers a success there with 400 (`notSocketAnswer`).
 */
import type { RouteHeaders } from "../router/request/request.js"
import { header, type StaticContent } from "../sitelet/content-model.js"
import { socketMessages } from "../sitelet/sockets/socket-messages.js"
import type { SocketBody } from "../sitelet/socket-body.js"
import { sameOrigin } from "./same-origin.js"

/** Whether a header's comma-separated tokens include `token` (case-insensitively). */
function hasToken(value: string | null, token: string): boolean {
  if (value === null) return false
  for (const item of value.split(",")) if (item.trim().toLowerCase() === token) return true
  return false
}

/**
 * Whether a request asks to upgrade to a WebSocket (`Upgrade: websocket`
 * and `Connection: upgrade`, RFC 6455 §4.1).
 *
 * @example
 * ```ts
 * isSocketUpgrade(new Headers({ upgrade: "websocket", connection: "Upgrade" })) //=> true
 * ```
 */
export function isSocketUpgrade(headers: RouteHeaders): boolean {
  return hasToken(headers.get("upgrade"), "websocket") && hasToken(headers.get("connection"), "upgrade")
}

const plain = (code: number, text: string, message: string, extra: readonly (readonly [string, string])[] = []) =>
  Object.freeze({
    kind: "static" as const,
    status: Object.freeze({ code, text }),
    headers: Object.freeze([
      ...extra.map(([name, value]) => header(name, value)),
      header("Content-Type", "text/plain; charset=utf-8"),
    ]),
    body: message,
  })

const upgradeRequired = plain(426, "Upgrade Required", socketMessages.upgradeRequired, [
  ["Upgrade", "websocket"],
  ["Connection", "Upgrade"],
])
const notSocket = plain(400, "Bad Request", socketMessages.notSocketEndpoint)
// RFC 6455 §4.4: a version the server does not speak is a 400 naming the one it does.
const badVersion = plain(400, "Bad Request", socketMessages.socketVersion, [["Sec-WebSocket-Version", "13"]])
const badKey = plain(400, "Bad Request", socketMessages.socketKey)
// 16 bytes in base64 (RFC 6455 §4.1), as `ws` checks it: two repeated headers, joined with a comma, are not one.
const socketKey = /^[+/0-9A-Za-z]{22}==$/

/**
 * What an upgrade request to a case without a socket gets: its refusal
 * (401, 403, 429…) as it is, a success replaced by 400.
 *
 * @example
 * ```ts
 * notSocketAnswer(Content.Text("a page")).status.code //=> 400
 * ```
 */
export function notSocketAnswer(content: StaticContent): StaticContent {
  return content.status.code >= 200 && content.status.code < 300 ? notSocket : content
}

/**
 * The answer that replaces a socket answer (its body given) under the
 * rules above, or undefined when it stands (upgrade it). `ownOrigin` is the
 * origin the request was sent to.
 *
 * @example
 * ```ts
 * socketAnswer(Content.WebSocket(Chat, run).body as SocketBody, new Headers(), () => "http://x")?.status.code //=> 426
 * ```
 */
export function socketAnswer(
  socket: SocketBody,
  headers: RouteHeaders,
  ownOrigin: () => string | undefined,
): StaticContent | undefined {
  if (!isSocketUpgrade(headers)) return upgradeRequired
  // The handshake the RFC asks for, checked here so every runtime answers it alike (some would upgrade anyway).
  if (headers.get("sec-websocket-version")?.trim() !== "13") return badVersion
  const key = headers.get("sec-websocket-key")
  if (key === null || !socketKey.test(key.trim())) return badKey
  const allowed = socket.options.AllowedOrigins
  // The rule of the cross-site request check (same-origin.ts); a client that is no browser sends neither header,
  // and hijacking is a browser's attack.
  const verdict = sameOrigin(
    headers,
    ownOrigin,
    (origin) => allowed === "*" || allowed.some((entry) => entry.toLowerCase() === origin),
  )
  if (verdict !== "cross") return undefined
  return plain(403, "Forbidden", socketMessages.socketOrigin(headers.get("origin") ?? "null"))
}

/**
 * The subprotocol the server selects for an upgrade: the first the case
 * declares (`WebSocket({ Protocols })`) that the client offers in
 * `Sec-WebSocket-Protocol`; `undefined` for none (then no
 * `Sec-WebSocket-Protocol` in the answer: RFC 6455 §4.2.2), on every host.
 *
 * @example
 * ```ts
 * selectedProtocol(["chat.v2", "chat.v1"], new Headers({ "sec-websocket-protocol": "chat.v1, chat.v2" })) //=> "chat.v2"
 * ```
 */
export function selectedProtocol(declared: readonly string[] | undefined, headers: RouteHeaders): string | undefined {
  const offered = headers.get("sec-websocket-protocol")
  if (declared === undefined || offered === null) return undefined
  const asked = offered.split(",").map((item) => item.trim())
  return declared.find((protocol) => asked.includes(protocol))
}
