/**
 * A whole-server row on workerd, behind the child protocol of
 * server-child.ts: `node workerd-child.mjs <workerd> <worker.mjs> <name>`
 * writes a one-service config for the bundled Worker (its `APP` binding is
 * the row's name), starts `workerd serve` on a free loopback port, prints
 * `{"port":…}` once the port accepts, and answers each `cpu` line with the
 * workerd process's CPU time (user + system, from /proc: workerd has no
 * `process.cpuUsage`). workerd stops with this process.
 */
import { spawn } from "node:child_process"
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import process from "node:process"
import { accepts, freePort } from "../common/loopback.js"
import { onStdinLines } from "../common/stdin-lines.js"

const [binary, worker, name] = process.argv.slice(2) as [string, string, string]

const port = await freePort()
const dir = mkdtempSync(join(tmpdir(), "sitelets-workerd-"))
copyFileSync(worker, join(dir, "worker.mjs"))
writeFileSync(
  join(dir, "config.capnp"),
  `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "app", worker = (
    modules = [ (name = "worker.mjs", esModule = embed "worker.mjs") ],
    compatibilityDate = "2026-11-01",
    bindings = [ (name = "APP", text = ${JSON.stringify(name)}) ],
  )) ],
  sockets = [ (name = "app", address = "127.0.0.1:${port}", http = (), service = "app") ],
);
`,
)
const child = spawn(binary, ["serve", join(dir, "config.capnp")], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] })
const stopWorkerd = () => {
  child.kill("SIGKILL")
  rmSync(dir, { recursive: true, force: true })
}
process.on("exit", stopWorkerd)
process.on("SIGTERM", () => process.exit(0))
child.on("exit", (code) => {
  process.stderr.write(`workerd exited with ${String(code)}\n`)
  process.exit(1)
})
for (let tries = 0; !(await accepts(port)); tries++) {
  if (tries > 200) throw new Error("workerd did not listen within 10 s")
  await new Promise((resolve) => setTimeout(resolve, 50))
}

// /proc/<pid>/stat: utime and stime (fields 14 and 15) in clock ticks, 100 per second on Linux.
const ticksPerSecond = 100
function cpuUs(): number {
  const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8")
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond
}

process.stdout.write(`${JSON.stringify({ port })}\n`)
onStdinLines((line) => {
  if (line === "cpu") process.stdout.write(`${JSON.stringify({ cpuUs: cpuUs() })}\n`)
})
