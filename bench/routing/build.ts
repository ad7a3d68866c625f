/**
 * Router build cost on generated tables of 1,000 and 10,000 routes: the
 * time from an empty router to the first answered request, and the heap
 * the built router retains (after two full collections). Each table size
 * and shape runs in its own `node --expose-gc` process; inside it the
 * contenders are interleaved over three rounds, each round building afresh.
 */
import { spawnSync } from "node:child_process"
import FindMyWay from "find-my-way"
import { addRoute, createRouter, findRoute } from "rou3"
import { compileRouter } from "rou3/compiler"
import { createRouteRequest, Router, t } from "sitelets"
import { median } from "../common/harness.js"

/** The table shapes: all static, all one-int-parameter, or alternating static and two-parameter routes. */
export const buildShapes = ["static", "parametric", "mixed"] as const
export type BuildShape = (typeof buildShapes)[number]

/** Route `i` of a shape: the sitelets template and the `:name` path the peers take. */
export function routeOf(shape: BuildShape, i: number): readonly [template: string, path: string, sample: string] {
  if (shape === "static" || (shape === "mixed" && i % 2 === 0))
    return [`GET /static/s${i}/page`, `/static/s${i}/page`, `/static/s${i}/page`]
  if (shape === "parametric") return [`GET /param/p${i}/<id:int>`, `/param/p${i}/:id`, `/param/p${i}/7`]
  return [`GET /param/p${i}/<id:int>/<slug>`, `/param/p${i}/:id/:slug`, `/param/p${i}/7/x`]
}

/** A contender: builds its router for `n` routes and answers the last route's request once. */
interface Builder {
  readonly name: string
  readonly build: (shape: BuildShape, n: number) => unknown
}

const builders: readonly Builder[] = [
  {
    name: "sitelets",
    build: (shape, n) => {
      const cases: Record<string, string> = {}
      for (let i = 0; i < n; i++) cases[`R${i}`] = routeOf(shape, i)[0]
      const router = Router.Infer(t.union(cases as never))
      const found = router.route(createRouteRequest({ method: "GET", target: routeOf(shape, n - 1)[2] }), 0, false)
      if (found === undefined) throw new Error("sitelets missed the last route")
      return router
    },
  },
  {
    name: "find-my-way",
    build: (shape, n) => {
      const router = FindMyWay()
      const handler = () => undefined
      for (let i = 0; i < n; i++) router.on("GET", routeOf(shape, i)[1], handler)
      if (router.find("GET", routeOf(shape, n - 1)[2]) === null) throw new Error("find-my-way missed the last route")
      return router
    },
  },
  {
    name: "rou3",
    build: (shape, n) => {
      const router = createRouter<number>()
      for (let i = 0; i < n; i++) addRoute(router, "GET", routeOf(shape, i)[1], i)
      if (findRoute(router, "GET", routeOf(shape, n - 1)[2]) === undefined)
        throw new Error("rou3 missed the last route")
      return router
    },
  },
  {
    name: "rou3 compileRouter",
    build: (shape, n) => {
      const router = createRouter<number>()
      for (let i = 0; i < n; i++) addRoute(router, "GET", routeOf(shape, i)[1], i)
      const find = compileRouter(router)
      if (find("GET", routeOf(shape, n - 1)[2]) === undefined) throw new Error("rou3 compiled missed the last route")
      return find
    },
  },
]

/** One contender's build figures for one table. */
export interface BuildTiming {
  readonly name: string
  /** Milliseconds from nothing to the first answer, median over the rounds. */
  readonly ms: number
  /** Bytes the built router retains, median over the rounds. */
  readonly retained: number
}

/** The build figures of one table size and shape. */
export interface BuildResult {
  readonly routes: number
  readonly shape: BuildShape
  readonly timings: readonly BuildTiming[]
}

/**
 * Measures one table in this process (which must run with `--expose-gc`).
 *
 * @example
 * ```ts
 * buildTable("mixed", 1000).timings[0].ms
 * ```
 */
export function buildTable(shape: BuildShape, routes: number, rounds = 3): BuildResult {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) throw new Error("run with node --expose-gc")
  const heap = () => (gc(), gc(), process.memoryUsage().heapUsed)
  const ms: number[][] = builders.map(() => [])
  const retained: number[][] = builders.map(() => [])
  for (let round = 0; round < rounds; round++) {
    for (const [i, builder] of builders.entries()) {
      const before = heap()
      const start = performance.now()
      // Held in an array across the measurement so no liveness analysis can free it early.
      const held = [builder.build(shape, routes)]
      ;(ms[i] as number[]).push(performance.now() - start)
      ;(retained[i] as number[]).push(heap() - before)
      held.pop()
    }
  }
  return {
    routes,
    shape,
    timings: builders.map((builder, i) => ({
      name: builder.name,
      ms: median(ms[i] as number[]),
      retained: median(retained[i] as number[]),
    })),
  }
}

/**
 * Every size and shape, each in a fresh `node --expose-gc` process running
 * `childEntry` (the bundled build-child.ts).
 *
 * @example
 * ```ts
 * buildBench("/path/build-child.mjs", [1000, 10000])
 * ```
 */
export function buildBench(childEntry: string, sizes: readonly number[] = [1000, 10000]): BuildResult[] {
  return sizes.flatMap((routes) =>
    buildShapes.map((shape) => {
      const run = spawnSync(process.execPath, ["--expose-gc", childEntry, shape, String(routes)], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      })
      if (run.status !== 0) throw new Error(`build child for ${routes} ${shape} exited with ${run.status}`)
      return JSON.parse(run.stdout) as BuildResult
    }),
  )
}
