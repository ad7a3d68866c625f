/**
 * Child process entry: starts the server named in argv[2], prints
 * `{"port":N}` on one line, answers each `cpu` line on stdin with its
 * CPU time so far (`{"cpuUs":N}`), and exits when the parent closes stdin.
 */
import { createInterface } from "node:readline"
import { apps } from "./apps.js"
import { compressionApps } from "./compression-apps.js"

const name = process.argv[2]
// The compression benchmark's rows are named apart from the whole-server ones only by their list: its rows first.
const app = (process.argv[3] === "compression" ? compressionApps : apps).find((candidate) => candidate.name === name)
if (!app) {
  process.stderr.write(`unknown server ${String(name)}\n`)
  process.exit(2)
}
const running = await app.start()
process.stdout.write(JSON.stringify({ port: running.port }) + "\n")
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line.trim() !== "cpu") return
  const usage = process.cpuUsage()
  process.stdout.write(JSON.stringify({ cpuUs: usage.user + usage.system }) + "\n")
})
process.stdin.on("end", () => {
  void running.close().finally(() => process.exit(0))
})
