/**
 * Child process entry: starts the server named in argv[2], prints
 * `{"port":N}` on one line, and exits when the parent closes stdin.
 */
import { apps } from "./apps.js"

const name = process.argv[2]
const app = apps.find((candidate) => candidate.name === name)
if (!app) {
  process.stderr.write(`unknown server ${String(name)}\n`)
  process.exit(2)
}
const running = await app.start()
process.stdout.write(JSON.stringify({ port: running.port }) + "\n")
process.stdin.resume()
process.stdin.on("end", () => {
  void running.close().finally(() => process.exit(0))
})
