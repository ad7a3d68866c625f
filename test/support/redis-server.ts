/**
 * A real Redis for the tests that need one: `redis-server` from the
 * machine (Debian's package: `npm run test:services` installs it when it
 * is missing, `.ci/run` does too), started on a free loopback port with no
 * persistence, and stopped with the suite. Without the binary the suites
 * that need it are skipped, and say so.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { accepts, freePort } from "../../bench/common/loopback.js"

/** The binary, or undefined when this machine has none. */
export const redisBinary: string | undefined = (() => {
  try {
    return execFileSync("sh", ["-c", "command -v redis-server || command -v valkey-server"], { encoding: "utf8" })
      .trim()
      .split("\n")[0]
  } catch {
    return undefined
  }
})()

/** The sentence a skipped suite prints. */
export const noRedis = "redis-server is not on this machine: run `npm run test:services` (it installs it)"

/** A running Redis: its port, and how to stop and start it again on the same port (a restart), or pause it. */
export interface RedisServer {
  readonly port: number
  readonly url: string
  stop(): Promise<void>
  start(): Promise<void>
  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered, until `resume()`. */
  pause(): void
  resume(): void
}

/**
 * Starts Redis on a free port and resolves once it accepts connections (20 s at most).
 *
 * @example
 * ```ts
 * const redis = await startRedis()
 * const client = new Redis(redis.url)
 * await redis.stop()
 * ```
 */
export async function startRedis(): Promise<RedisServer> {
  if (redisBinary === undefined) throw new Error(noRedis)
  const port = await freePort()
  let child: ChildProcess | undefined
  const start = async () => {
    child = spawn(
      redisBinary,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes"],
      { stdio: "ignore" },
    )
    for (let attempt = 0; !(await accepts(port)); attempt++) {
      if (attempt > 200) throw new Error(`redis-server did not accept connections on ${port} within 20 s`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = child
      if (running === undefined || running.exitCode !== null || running.signalCode !== null) return resolve()
      running.once("exit", () => resolve())
      running.kill("SIGKILL")
    })
  await start()
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop,
    start,
    pause: () => child?.kill("SIGSTOP"),
    resume: () => child?.kill("SIGCONT"),
  }
}
