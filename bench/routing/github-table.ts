/**
 * The GitHub REST API route table (../shared/bench/github-routes.json, 203
 * method + path pairs) and the requests every router answers: the same
 * table for everyone, declared as sitelets templates at run time.
 */
import { existsSync, readFileSync } from "node:fs"
import { repoPath } from "../common/paths.js"

/** One route of the table. */
export interface TableRoute {
  readonly id: number
  readonly method: string
  /** `:name` marks a parameter (find-my-way, rou3, Hono, path-to-regexp syntax). */
  readonly path: string
  readonly params: readonly string[]
}

/** One request of a scenario, with the route and parameters it must give. */
export interface TableRequest {
  readonly method: string
  readonly path: string
  /** The route it must hit, or -1 for a miss. */
  readonly expected: number
  readonly params: Readonly<Record<string, string>>
}

/** The shared table next to the repository, else the copy kept in bench/routing (a clone on its own). */
const defaultTable = (): string => {
  const shared = repoPath("../shared/bench/github-routes.json")
  return existsSync(shared) ? shared : repoPath("bench/routing/github-routes.json")
}

/**
 * Reads the table; `SITELETS_BENCH_ROUTES` may point elsewhere.
 *
 * @example
 * ```ts
 * loadTable().length //=> 203
 * ```
 */
export function loadTable(file: string = process.env.SITELETS_BENCH_ROUTES ?? defaultTable()): TableRoute[] {
  const raw = JSON.parse(readFileSync(file, "utf8")) as Array<[string, string]>
  return raw.map(([method, path], id) => ({
    id,
    method,
    path,
    params: path
      .split("/")
      .filter((segment) => segment.startsWith(":"))
      .map((segment) => segment.slice(1)),
  }))
}

/** The case name of a route in the generated union. */
export const caseName = (route: TableRoute): string => `R${route.id}`

/** `GET /repos/:owner/:repo` → `GET /repos/<owner>/<repo>` (string holes). */
export const templateOf = (route: TableRoute): string => `${route.method} ${route.path.replace(/:(\w+)/g, "<$1>")}`

/** How the sitelets union lists the table: as given, or its static routes first. */
export type TableOrder = "declared" | "static first"

/**
 * The union the sitelets router is built from, as a record of templates:
 * in the table's own order (`"declared"`, the main row), or with the
 * static routes first (`"static first"`, as a hand-written site would put
 * the more specific case before the one with a hole).
 *
 * @example
 * ```ts
 * templateCases(loadTable()).R0 //=> "GET /authorizations"
 * ```
 */
export function templateCases(table: readonly TableRoute[], order: TableOrder = "declared"): Record<string, string> {
  const ordered =
    order === "declared"
      ? table
      : [...table.filter((route) => route.params.length === 0), ...table.filter((route) => route.params.length > 0)]
  const cases: Record<string, string> = {}
  for (const route of ordered) cases[caseName(route)] = templateOf(route)
  return cases
}

/** A request for a route, each parameter filled with a distinct plain value. */
export function requestFor(route: TableRoute): TableRequest {
  const params: Record<string, string> = {}
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => (params[name] = `${name}-${route.id}`))
  return { method: route.method, path, expected: route.id, params }
}

/** The named scenarios of the routing benchmark. */
export interface Scenarios {
  readonly static: readonly TableRequest[]
  readonly oneParam: readonly TableRequest[]
  readonly threeParams: readonly TableRequest[]
  readonly miss: readonly TableRequest[]
  readonly all: readonly TableRequest[]
}

function find(table: readonly TableRoute[], method: string, path: string): TableRoute {
  const route = table.find((candidate) => candidate.method === method && candidate.path === path)
  if (!route) throw new Error(`route ${method} ${path} is not in the table`)
  return route
}

/**
 * The requests: a static hit, a one-parameter hit, a three-parameter hit,
 * a miss (a known prefix, then an unknown segment) and every route once.
 *
 * @example
 * ```ts
 * scenarios(loadTable()).threeParams[0].path //=> "/repos/owner-63/repo-63/issues/number-63"
 * ```
 */
export function scenarios(table: readonly TableRoute[]): Scenarios {
  return {
    static: [requestFor(find(table, "GET", "/user/repos"))],
    oneParam: [requestFor(find(table, "GET", "/users/:user/repos"))],
    threeParams: [requestFor(find(table, "GET", "/repos/:owner/:repo/issues/:number"))],
    miss: [{ method: "GET", path: "/repos/sitelets/sitelets/nothing-here", expected: -1, params: {} }],
    all: table.map(requestFor),
  }
}
