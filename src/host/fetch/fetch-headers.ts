/**
 * The headers a Fetch `Response` is built with. Most answers share a few
 * frozen header lists (Content.Json's, Content.Text's, with `nosniff` added
 * once), so their init is built and checked once per list, not per response
 * (`memoByList`); the runtime copies it into each `Response`, and nothing
 * writes it.
 */
import { memoByList } from "../../internal/list-memo.js"
import { isValidHeader, type ContentHeader } from "../../sitelet/content-model.js"

/**
 * The init for a response's headers: a plain record when no name repeats
 * and each passes `header()`'s checks, as a `Headers` on Node's own
 * `Response` and on Bun's (both copy a `Headers`' list at once, and convert
 * a record key by key: 0.3–0.4 µs of a 13 µs answer on Node, 0.25 µs of a
 * 1.4 µs answer on Bun). A record is what Node adapters such as
 * @hono/node-server write without building a `Headers`, and what Deno (no
 * faster with a `Headers`) and workerd take. Repeated names (`Set-Cookie`) and headers
 * built by hand that fail the checks go through `Headers.append`, so the
 * runtime refuses them here, as a 500.
 *
 * @example
 * ```ts
 * responseHeaders(Content.Json({}).headers) //=> { "Content-Type": "application/json" } (or its Headers on Node)
 * ```
 */
export function responseHeaders(list: readonly ContentHeader[]): HeadersInit {
  return prefersHeaders() ? headersOf(list) : recordOf(list)
}

// A plain object, neither frozen nor null-prototype: undici reads such a record faster. The names are the
// application's; one that would reach the prototype goes through Headers.
function initOf(list: readonly ContentHeader[]): HeadersInit {
  const record: Record<string, string> = {}
  for (let i = 0; i < list.length; i++) {
    const entry = list[i] as ContentHeader
    if (!isValidHeader(entry[0], entry[1]) || repeats(list, i) || entry[0] === "__proto__") return appended(list)
    record[entry[0]] = entry[1]
  }
  return record
}

const recordOf = memoByList(initOf)

// A list answered once per response (not frozen) gets its record: a `Headers` pays only when it is reused.
const headersOf = memoByList((list: readonly ContentHeader[]): HeadersInit => {
  const init = initOf(list)
  return init instanceof Headers ? init : new Headers(init)
}, initOf)

/** Whether an earlier header has the name of `list[at]`, ignoring case (names of other lengths are not lower-cased). */
function repeats(list: readonly ContentHeader[], at: number): boolean {
  const name = (list[at] as ContentHeader)[0]
  for (let i = 0; i < at; i++) {
    const other = (list[i] as ContentHeader)[0]
    if (other.length === name.length && other.toLowerCase() === name.toLowerCase()) return true
  }
  return false
}

function appended(list: readonly ContentHeader[]): Headers {
  const headers = new Headers()
  for (const [name, value] of list) headers.append(name, value)
  return headers
}

// Decided once per `Response` global: an adapter may put its own in place (@hono/node-server does).
let seen: unknown
let headersFirst = false

/** Whether the `Response` in use is Node's own (undici's) or Bun's, not Deno's, workerd's or an adapter's subclass. */
function prefersHeaders(): boolean {
  const current = globalThis.Response
  if (current !== seen) {
    seen = current
    const runtime = globalThis as { process?: { versions?: Record<string, string | undefined> }; Deno?: unknown }
    const versions = runtime.process?.versions
    headersFirst =
      versions?.node !== undefined &&
      runtime.Deno === undefined &&
      (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent !== "Cloudflare-Workers" &&
      Object.getPrototypeOf(current) === Function.prototype
  }
  return headersFirst
}
