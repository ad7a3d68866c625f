/**
 * The rows on Bun and Deno that start their own server instead of handing
 * a `fetch` to the child's: Elysia (its `app.listen`, which serves its
 * routes through `Bun.serve`'s own router), and each runtime's floor — a
 * bare `Bun.serve` with `routes`, a bare `Deno.serve` with a hand-written
 * handler. Loaded only by the row that starts it (runtime-apps.ts imports
 * this module on demand), so no other row, nor the workerd Worker, runs it.
 */
import { helloText, userOf } from "./user.js"

declare const Bun: {
  serve(options: {
    hostname: string
    port: number
    routes: Record<string, (request: Request & { params: Record<string, string> }) => Response>
    fetch: (request: Request) => Response
  }): { port: number }
}
declare const Deno: {
  serve(
    options: { hostname: string; port: number; onListen: (address: { port: number }) => void },
    handler: (request: Request) => Response,
  ): unknown
}

const jsonHeaders = { "content-type": "application/json", "x-content-type-options": "nosniff" }
const textHeaders = { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" }
const notFound = () => new Response(null, { status: 404 })

/**
 * Elysia on Bun, as its docs write it: routes returning values (an object
 * is JSON), the same headers as every row, `app.listen`.
 *
 * @example
 * ```ts
 * const port = await elysia()
 * ```
 */
export async function elysia(): Promise<number> {
  // Loaded here, not at the top: Elysia reads Bun's environment as it loads, which the Deno floor must not.
  const { Elysia } = await import("elysia")
  const app = new Elysia()
    .get("/users/:id", ({ params, set }) => {
      set.headers["x-content-type-options"] = "nosniff"
      return userOf(Number(params.id))
    })
    .get("/hello", ({ set }) => {
      set.headers["x-content-type-options"] = "nosniff"
      set.headers["content-type"] = "text/plain; charset=utf-8"
      return helloText
    })
  app.listen({ hostname: "127.0.0.1", port: 0 })
  return app.server!.port as number
}

/**
 * Bun's floor: `Bun.serve` with its own router (`routes`) and a handler per
 * route that builds the answer by hand.
 *
 * @example
 * ```ts
 * const port = bareBun()
 * ```
 */
export function bareBun(): number {
  return Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    routes: {
      "/users/:id": (request) =>
        new Response(JSON.stringify(userOf(Number(request.params.id))), { headers: jsonHeaders }),
      "/hello": () => new Response(helloText, { headers: textHeaders }),
    },
    fetch: notFound,
  }).port
}

/**
 * Deno's floor: `Deno.serve` with a hand-written handler (the path cut from
 * the URL, `===` and `startsWith`), as raw node:http is Node's.
 *
 * @example
 * ```ts
 * const port = await bareDeno()
 * ```
 */
export function bareDeno(): Promise<number> {
  const handler = (request: Request): Response => {
    const url = request.url
    const path = url.slice(url.indexOf("/", url.indexOf("//") + 2))
    if (path === "/hello") return new Response(helloText, { headers: textHeaders })
    if (path.startsWith("/users/")) {
      const id = Number(path.slice(7))
      if (Number.isSafeInteger(id)) return new Response(JSON.stringify(userOf(id)), { headers: jsonHeaders })
    }
    return notFound()
  }
  return new Promise((resolve) =>
    Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: (address) => resolve(address.port) }, handler),
  )
}
