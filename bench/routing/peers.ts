/**
 * The peer routers, each loaded with the same table and given its own
 * inner loop (a monomorphic call site per contender). Peers return their
 * param bag; `one` normalises a single answer for the correctness check.
 */
import FindMyWay from "find-my-way"
import { addRoute, createRouter, findRoute } from "rou3"
import { compileRouter } from "rou3/compiler"
import { RegExpRouter } from "hono/router/reg-exp-router"
import { TrieRouter } from "hono/router/trie-router"
import { match } from "path-to-regexp"
import type { TableRequest, TableRoute } from "./github-table.js"

/** What a router answered for one request: the route id and its parameters. */
export interface Answer {
  readonly id: number
  readonly params: Readonly<Record<string, string>>
}

/** A router under test. `pass` answers `requests` in order, `times` times over, and counts the hits. */
export interface Contender {
  readonly name: string
  readonly note: string
  readonly one: (request: TableRequest) => Answer | undefined | Promise<Answer | undefined>
  readonly pass: (requests: readonly TableRequest[], times: number) => number | Promise<number>
  /** Only answers static routes (the Map.get ceiling). */
  readonly staticOnly?: boolean
}

function findMyWay(table: readonly TableRoute[], compiled: boolean): Contender {
  const router = FindMyWay()
  const handler = () => undefined
  for (const route of table) router.on(route.method as "GET", route.path, handler, { id: route.id })
  if (compiled) router.compile()
  return {
    name: compiled ? "find-my-way compile()" : "find-my-way",
    note: compiled ? "`compile()` then `find(method, path)`" : "radix tree, `find(method, path)`",
    one: (request) => {
      const found = router.find(request.method as "GET", request.path)
      return found
        ? { id: (found.store as { id: number }).id, params: { ...found.params } as Record<string, string> }
        : undefined
    },
    // Each row calls from a call site of its own (as sitelets' rows do): the tree's `find` and the compiled one's.
    pass: compiled
      ? (requests, times) => {
          let hits = 0
          for (let k = 0; k < times; k++)
            for (const r of requests) if (router.find(r.method as "GET", r.path) !== null) hits++
          return hits
        }
      : (requests, times) => {
          let hits = 0
          for (let k = 0; k < times; k++)
            for (const r of requests) if (router.find(r.method as "GET", r.path) !== null) hits++
          return hits
        },
  }
}

function rou3(table: readonly TableRoute[], compiled: boolean): Contender {
  const context = createRouter<number>()
  for (const route of table) addRoute(context, route.method, route.path, route.id)
  const answer = (found: { data: number; params?: Record<string, string> } | undefined): Answer | undefined =>
    found ? { id: found.data, params: { ...found.params } } : undefined
  if (compiled) {
    const find = compileRouter(context)
    return {
      name: "rou3 compileRouter",
      note: "`compileRouter(router)` (uses `new Function`)",
      one: (request) => answer(find(request.method, request.path)),
      pass: (requests, times) => {
        let hits = 0
        for (let k = 0; k < times; k++) for (const r of requests) if (find(r.method, r.path) !== undefined) hits++
        return hits
      },
    }
  }
  return {
    name: "rou3",
    note: "`findRoute(router, method, path)`",
    one: (request) => answer(findRoute(context, request.method, request.path)),
    pass: (requests, times) => {
      let hits = 0
      for (let k = 0; k < times; k++)
        for (const r of requests) if (findRoute(context, r.method, r.path) !== undefined) hits++
      return hits
    },
  }
}

type HonoResult = [[number, Record<string, number | string>][], string[]] | [[number, Record<string, string>][]]

function honoAnswer(result: HonoResult): Answer | undefined {
  const first = result[0][0]
  if (!first) return undefined
  const [id, map] = first
  const stash = result[1]
  const params: Record<string, string> = {}
  for (const name of Object.keys(map))
    params[name] = stash ? (stash[map[name] as number] as string) : (map[name] as string)
  return { id, params }
}

function hono(table: readonly TableRoute[], kind: "RegExpRouter" | "TrieRouter"): Contender {
  const router = kind === "RegExpRouter" ? new RegExpRouter<number>() : new TrieRouter<number>()
  for (const route of table) router.add(route.method, route.path, route.id)
  // RegExpRouter builds its matchers on the first match; do it before timing.
  router.match("GET", "/")
  return {
    name: `hono ${kind}`,
    note:
      kind === "RegExpRouter" ? "one regex per method; params as an index map + stash" : "trie, `match(method, path)`",
    one: (request) => honoAnswer(router.match(request.method, request.path) as HonoResult),
    // A call site per row, as for every contender: RegExpRouter's `match` and TrieRouter's.
    pass:
      kind === "RegExpRouter"
        ? (requests, times) => {
            let hits = 0
            for (let k = 0; k < times; k++)
              for (const r of requests) if (router.match(r.method, r.path)[0].length > 0) hits++
            return hits
          }
        : (requests, times) => {
            let hits = 0
            for (let k = 0; k < times; k++)
              for (const r of requests) if (router.match(r.method, r.path)[0].length > 0) hits++
            return hits
          },
  }
}

function pathToRegexp(table: readonly TableRoute[]): Contender {
  const matchers = table.map((route) => ({
    id: route.id,
    method: route.method,
    match: match<Record<string, string>>(route.path),
  }))
  const scan = (method: string, path: string): Answer | undefined => {
    for (const m of matchers) {
      if (m.method !== method) continue
      const found = m.match(path)
      if (found) return { id: m.id, params: found.params }
    }
    return undefined
  }
  return {
    name: "path-to-regexp scan",
    note: "linear scan of `match()` functions",
    one: (request) => scan(request.method, request.path),
    pass: (requests, times) => {
      let hits = 0
      for (let k = 0; k < times; k++) for (const r of requests) if (scan(r.method, r.path) !== undefined) hits++
      return hits
    },
  }
}

function mapGet(table: readonly TableRoute[]): Contender {
  // One map per method, keyed by the path string itself: no key is built per lookup.
  const byMethod = new Map<string, Map<string, number>>()
  for (const route of table) {
    if (route.params.length > 0) continue
    let paths = byMethod.get(route.method)
    if (!paths) byMethod.set(route.method, (paths = new Map()))
    paths.set(route.path, route.id)
  }
  const get = (method: string, path: string): Answer | undefined => {
    const id = byMethod.get(method)?.get(path)
    return id === undefined ? undefined : { id, params: {} }
  }
  return {
    name: "Map.get",
    note: "static routes only, `Map<method, Map<path, route>>` (the ceiling)",
    staticOnly: true,
    one: (request) => get(request.method, request.path),
    pass: (requests, times) => {
      let hits = 0
      for (let k = 0; k < times; k++)
        for (const r of requests) if (byMethod.get(r.method)?.get(r.path) !== undefined) hits++
      return hits
    },
  }
}

/**
 * Every peer, loaded with the table.
 *
 * @example
 * ```ts
 * peers(loadTable()).map((peer) => peer.name) //=> ["Map.get", "find-my-way", …]
 * ```
 */
export function peers(table: readonly TableRoute[]): Contender[] {
  return [
    mapGet(table),
    findMyWay(table, false),
    findMyWay(table, true),
    rou3(table, false),
    rou3(table, true),
    hono(table, "RegExpRouter"),
    hono(table, "TrieRouter"),
    pathToRegexp(table),
  ]
}
