#!/usr/bin/env node
/**
 * The package's `bin`: `npx sitelets <command>` (src/router/table/compile-command.ts
 * reads and runs it). It runs whenever it is loaded, however npm or pnpm
 * linked it (a symlink in node_modules/.bin, a shell shim): nothing
 * imports this module but Node running it. It exits when the command is
 * done, so a declaration module that started something cannot hold it.
 */
import { readFileSync } from "node:fs"
import { runCli } from "./router/table/compile-command.js"

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
const code = await runCli(process.argv.slice(2), { out: console.log, error: console.error }, manifest.version)
process.exit(code)
