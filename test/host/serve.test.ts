import { describe, expect, it } from "vitest"
import { t } from "../../src/descriptor/t.js"
import { Router } from "../../src/router/router.js"
import { Sitelet } from "../../src/api/sitelet-namespace.js"
import { makeSitelet, type Dispatched } from "../../src/sitelet/sitelet.js"
import { Content } from "../../src/sitelet/content/content.js"
import { header, headerOf, staticContent } from "../../src/sitelet/content-model.js"
import { Http } from "../../src/sitelet/http/http-status.js"
import { resolveHostOptions } from "../../src/host/host-options.js"
import { serveRequest } from "../../src/host/serve.js"
import type { ServeInit, ServeOutcome } from "../../src/host/serve-outcome.js"
import { hostMessages } from "../../src/host/host-errors.js"

const Site = t.union({ Home: "GET /", Item: "GET /item/<id:int>", Login: "GET /login" })
const site = Sitelet.Infer(Site, {
  Home: () => Content.Text("home"),
  Item: (_ctx, e) => Content.Json({ id: e.id }),
  Login: async (ctx) => {
    await ctx.UserSession.Logout()
    return Content.Text("out")
  },
})
const init = (target: string): ServeInit => ({
  method: "GET",
  target,
  headers: new Headers(),
  readBody: async () => new Uint8Array(0),
  secure: false,
})
const isPending = (outcome: ServeOutcome | Promise<ServeOutcome>): outcome is Promise<ServeOutcome> =>
  outcome instanceof Promise

describe("serveRequest", () => {
  it("answers synchronously when dispatch and the handler are synchronous", () => {
    const outcome = serveRequest(site, init("/item/7"), resolveHostOptions({}))
    if (isPending(outcome)) throw new Error("expected a synchronous outcome")
    expect(outcome.kind).toBe("served")
    if (outcome.kind !== "served") return
    expect(outcome.content.body).toBe('{"id":7}')
    expect(headerOf(outcome.content, "content-type")).toBe("application/json")
    expect(headerOf(outcome.content, "x-content-type-options")).toBe("nosniff")
    const declined = serveRequest(site, init("/nowhere"), resolveHostOptions({}))
    expect(declined).toEqual({ kind: "declined" })
  })
  it("adds nosniff once, to each content, whichever header list it was built on", () => {
    const options = resolveHostOptions({})
    const kinds = ["/", "/item/1", "/", "/item/2"].map(
      (target) => serveRequest(site, init(target), options) as ServeOutcome,
    )
    const bodies = kinds.map((outcome) => (outcome.kind === "served" ? outcome.content : undefined))
    expect(
      bodies.map(
        (content) => content?.headers.filter(([name]) => name.toLowerCase() === "x-content-type-options").length,
      ),
    ).toEqual([1, 1, 1, 1])
    expect(bodies.map((content) => content && headerOf(content, "content-type"))).toEqual([
      "text/plain; charset=utf-8",
      "application/json",
      "text/plain; charset=utf-8",
      "application/json",
    ])
    const own = staticContent(Http.Status.Ok, [header("X-Content-Type-Options", "nosniff")], "x")
    const kept = makeSitelet(
      Router.Infer(Site),
      (request) => (request.segments.length === 0 ? { endpoint: { $: "Home" }, serve: () => own } : undefined),
      false,
    )
    const outcome = serveRequest(kept, init("/"), options) as ServeOutcome
    expect(outcome.kind === "served" && outcome.content).toBe(own)
  })
  it("carries the session's Set-Cookie headers after an awaiting handler", async () => {
    const outcome = serveRequest(site, init("/login"), resolveHostOptions({ session: { secret: "s".repeat(32) } }))
    expect(isPending(outcome)).toBe(true)
    const served = await outcome
    expect(served.kind).toBe("served")
    if (served.kind !== "served") return
    expect(served.content.headers.filter(([name]) => name === "Set-Cookie")).toHaveLength(1)
    expect(headerOf(served.content, "x-content-type-options")).toBe("nosniff")
  })
  it("awaits thenables a hand-written sitelet returns, and turns synchronous throws into 500s", async () => {
    const router = Router.Infer(Site)
    const answer: Dispatched<unknown> = { endpoint: { $: "Home" }, serve: () => Content.Text("later") }
    // A thenable that is not a native promise (another realm, a polyfill).
    // biome-ignore lint/suspicious/noThenProperty: a thenable that is not a native promise is what this test is about
    const thenable = { then: (resolve: (value: Dispatched<unknown>) => void) => resolve(answer) }
    const foreign = makeSitelet<unknown>(router, () => thenable as never, false)
    const later = serveRequest(foreign, init("/"), resolveHostOptions({}))
    expect(isPending(later)).toBe(true)
    const served = await later
    expect(served.kind === "served" && served.content.body).toBe("later")

    const errors: unknown[] = []
    const options = resolveHostOptions({ onError: (error) => errors.push(error) })
    const dispatchThrows = makeSitelet<unknown>(
      router,
      () => {
        throw new Error("dispatch failure (expected in tests)")
      },
      false,
    )
    const serveThrows = makeSitelet<unknown>(
      router,
      () => ({
        endpoint: { $: "Home" },
        serve: () => {
          throw new Error("serve failure (expected in tests)")
        },
      }),
      false,
    )
    for (const failing of [dispatchThrows, serveThrows]) {
      const outcome = serveRequest(failing, init("/"), options)
      if (isPending(outcome)) throw new Error("expected a synchronous outcome")
      expect(outcome.kind).toBe("failed")
      if (outcome.kind === "failed") expect(outcome.content.body).toBe(hostMessages.internalError)
    }
    expect(errors).toHaveLength(2)
  })
})
