/**
 * Entry of one router-build process: `node --expose-gc build-child.mjs
 * <shape> <routes>` prints that table's build figures as JSON.
 */
import { buildTable, type BuildShape } from "./build.js"

const [shape, routes] = process.argv.slice(2) as [BuildShape, string]
process.stdout.write(`${JSON.stringify(buildTable(shape, Number(routes)))}\n`)
