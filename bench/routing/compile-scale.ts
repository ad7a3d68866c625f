/**
 * `npm run bench:compile`: what `Router.Compile` costs at build time (issue
 * 39, item 5) on generated tables of 100, 1,000 and 10,000 routes of each
 * build shape (all static, all one-int-parameter, mixed static and
 * two-parameter): the time to compile (median of three, after one warm-up),
 * the module's size (raw and gzip -9) and per route, that the table it
 * writes answers the last route's request, and what a request costs on it
 * — every route's request in turn, on the table (`Match`), the runtime
 * router (`Match`, no table) and find-my-way's `compile()`, alternating in
 * one process, median of 9 rounds.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { gzipSync } from "node:zlib"
import FindMyWay from "find-my-way"
import { Router } from "../../src/router/table/compile-entry.js"
import { t } from "../../src/index.js"
import { median } from "../common/harness.js"
import { buildShapes, routeOf } from "./build.js"

const folder = mkdtempSync(join(tmpdir(), "sitelets-compile-scale-"))
console.log(
  "| shape | routes | compile ms | module KB | gzip KB | gzip bytes per route | ns per request: table / runtime / find-my-way compile() |\n|---|---:|---:|---:|---:|---:|---:|",
)

/** ns per call of each matcher over the requests, alternating rounds, median of 9. */
function perRequest(matchers: ReadonlyArray<(path: string) => unknown>, paths: readonly string[]): number[] {
  const repeat = Math.max(1, Math.round(100_000 / paths.length))
  const times = matchers.map((): number[] => [])
  for (let round = 0; round < 9; round++)
    matchers.forEach((match, i) => {
      const started = performance.now()
      for (let k = 0; k < repeat; k++) for (const path of paths) match(path)
      ;(times[i] as number[]).push(((performance.now() - started) * 1e6) / repeat / paths.length)
    })
  return times.map(median)
}
try {
  for (const shape of buildShapes)
    for (const routes of [100, 1_000, 10_000]) {
      const cases: Record<string, string> = {}
      for (let i = 0; i < routes; i++) cases[`R${i}`] = routeOf(shape, i)[0]
      const router = Router.Infer(t.union(cases as never))
      const times: number[] = []
      let source = ""
      for (let round = 0; round < 4; round++) {
        const started = performance.now()
        source = Router.Compile(router)
        if (round > 0) times.push(performance.now() - started)
      }
      const file = join(folder, `${shape}-${routes}.mjs`)
      writeFileSync(file, source)
      const table = await import(pathToFileURL(file).href)
      const sample = routeOf(shape, routes - 1)[2]
      if (table.match("GET", sample)?.$ !== `R${routes - 1}`)
        throw new Error(`${shape} ${routes}: the table missed ${sample}`)
      const gzip = gzipSync(source, { level: 9 }).length
      const compiled = Router.Infer(t.union(cases as never), { compiled: table })
      const peer = FindMyWay()
      for (let i = 0; i < routes; i++) peer.on("GET", routeOf(shape, i)[1], () => undefined)
      ;(peer as unknown as { compile(): void }).compile()
      const paths = Array.from({ length: routes }, (_, i) => routeOf(shape, i)[2])
      const speeds = perRequest(
        [(path) => compiled.Match("GET", path), (path) => router.Match("GET", path), (path) => peer.find("GET", path)],
        paths,
      )
      console.log(
        `| ${shape} | ${routes.toLocaleString("en")} | ${median(times).toFixed(1)} | ${(source.length / 1024).toFixed(1)} | ${(gzip / 1024).toFixed(1)} | ${(gzip / routes).toFixed(1)} | ${speeds.map((ns) => ns.toFixed(0)).join(" / ")} |`,
      )
    }
} finally {
  rmSync(folder, { recursive: true, force: true })
}
