/**
 * What every host decides about WebSocket upgrades before writing an
 * answer: a WebSocket case asked without an upgrade gets 426 with
 * `Upgrade: websocket`; an upgrade from another site's page gets 403 unless
 * the case allows that origin (cross-site WebSocket hijacking), by the rule
 * the cross-site request check applies too (same-origin.ts). Hosts then
 * upgrade only what is left: a socket answer to an upgrade request from an
 * allowed origin. An upgrade to a case that answers
 * with anything else is no handshake (no 101); the node host, which sees
 * upgrades apart, answers a success there with 400 (`notSocketAnswer`).
 */
import type { RouteHeaders } from "../router/request.js"
import { header, type StaticContent } from "../sitelet/content-model.js"
import { siteletMessages } from "../sitelet/messages.js"
import type { SocketBody } from "../sitelet/web-socket.js"
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

const upgradeRequired = plain(426, "Upgrade Required", siteletMessages.upgradeRequired, [
  ["Upgrade", "websocket"],
  ["Connection", "Upgrade"],
])
const notSocket = plain(400, "Bad Request", siteletMessages.notSocketEndpoint)

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
  const allowed = socket.options.AllowedOrigins
  // The rule of the cross-site request check (same-origin.ts); a client that is no browser sends neither header,
  // and hijacking is a browser's attack.
  const verdict = sameOrigin(
    headers,
    ownOrigin,
    (origin) => allowed === "*" || allowed.some((entry) => entry.toLowerCase() === origin),
  )
  if (verdict !== "cross") return undefined
  return plain(403, "Forbidden", siteletMessages.socketOrigin(headers.get("origin") ?? "null"))
}
