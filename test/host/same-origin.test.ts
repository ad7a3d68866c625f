/**
 * Issue 35, item 4: one rule decides whether a request comes from the site
 * itself, for the cross-site request check and the WebSocket origin check
 * alike; each combination of `Origin` and `Sec-Fetch-Site` gets the same
 * verdict from both.
 */
import { describe, expect, it } from "vitest"
import { createRouteRequest } from "../../src/router/request/request.js"
import { csrfRefusal, resolveCsrf } from "../../src/host/csrf.js"
import { sameOrigin } from "../../src/host/same-origin.js"
import { socketAnswer } from "../../src/host/upgrade.js"
import { t } from "../../src/descriptor/t.js"
import { WebSocket } from "../../src/descriptor/web-socket.js"
import { Content } from "../../src/sitelet/content/content.js"
import type { SocketBody } from "../../src/sitelet/socket-body.js"

const own = "https://app.example"
const friend = "https://friend.example"
const Chat = WebSocket({ FromClient: t.string, FromServer: t.string })
const socket = Content.WebSocket(Chat, () => undefined, { AllowedOrigins: [friend] }).body as SocketBody

// Every combination of the two headers a request may carry.
const origins = [null, own, friend, "https://evil.example", "null"] as const
const sites = [null, "same-origin", "same-site", "cross-site", "none"] as const

const headersOf = (origin: string | null, site: string | null, upgrade = false) => {
  const headers = new Headers()
  if (origin !== null) headers.set("origin", origin)
  if (site !== null) headers.set("sec-fetch-site", site)
  if (upgrade) {
    headers.set("upgrade", "websocket")
    headers.set("connection", "Upgrade")
    headers.set("sec-websocket-version", "13")
    headers.set("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ==")
  }
  return headers
}

describe("sameOrigin: the one rule", () => {
  it.each([
    [own, "cross-site", "cross"],
    ["https://evil.example", "same-origin", "same"],
    [friend, "cross-site", "same"],
    [null, null, "unsigned"],
    [own, null, "same"],
    ["https://evil.example", null, "cross"],
    [null, "same-site", "cross"],
    [null, "none", "same"],
  ] as const)("Origin %s, Sec-Fetch-Site %s: %s", (origin, site, verdict) => {
    expect(
      sameOrigin(
        headersOf(origin, site),
        () => own,
        (from) => from === friend,
      ),
    ).toBe(verdict)
  })

  it("gives the cross-site request check and the WebSocket check the same verdict for every combination", () => {
    const csrf = resolveCsrf({ trustedOrigins: [friend] })!
    for (const origin of origins)
      for (const site of sites) {
        const request = createRouteRequest({ method: "POST", target: "/x", headers: headersOf(origin, site) })
        const withCookie = headersOf(origin, site)
        withCookie.set("cookie", "sid=1")
        const cookied = createRouteRequest({ method: "POST", target: "/x", headers: withCookie })
        const byCsrf = csrfRefusal(request, () => own, csrf) === undefined
        const byCsrfWithCookie = csrfRefusal(cookied, () => own, csrf) === undefined
        const bySocket = socketAnswer(socket, headersOf(origin, site, true), () => own) === undefined
        // A request with neither header is no browser's: a socket may open, and an unsafe request is served unless
        // it carries a cookie (then it needs allowWithoutOrigin).
        const expected = origin === null && site === null ? [true, false, true] : [bySocket, bySocket, bySocket]
        expect([origin, site, byCsrf, byCsrfWithCookie, bySocket]).toEqual([origin, site, ...expected])
      }
  })
})
