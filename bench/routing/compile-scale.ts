/**
 * `npm run bench:compile`: what `Router.Compile` costs at build time (issue
 * 39, item 5) on generated tables of 100, 1,000 and 10,000 routes of each
 * build shape (all static, all one-int-parameter, mixed static and
 * two-parameter): the time to compile (median of three, after one warm-up),
 * the module's size (raw and gzip -9) and per route, and that the table it
 * writes answers the last route's request.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { gzipSync } from "node:zlib"
import { Router } from "../../src/router/compile-entry.js"
import { t } from "../../src/index.js"
import { median } from "../common/harness.js"
import { buildShapes, routeOf } from "./build.js"

const folder = mkdtempSync(join(tmpdir(), "sitelets-compile-scale-"))
console.log(
  "| shape | routes | compile ms | module KB | gzip KB | gzip bytes per route |\n|---|---:|---:|---:|---:|---:|",
)
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
      console.log(
        `| ${shape} | ${routes.toLocaleString("en")} | ${median(times).toFixed(1)} | ${(source.length / 1024).toFixed(1)} | ${(gzip / 1024).toFixed(1)} | ${(gzip / routes).toFixed(1)} |`,
      )
    }
} finally {
  rmSync(folder, { recursive: true, force: true })
}
