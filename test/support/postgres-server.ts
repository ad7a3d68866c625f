/**
 * A real PostgreSQL for the tests that need one: the machine's own
 * binaries (on PATH, or Debian's /usr/lib/postgresql/<n>/bin), a fresh
 * cluster in a temporary folder (`initdb`, trust auth on loopback), served
 * on a free port, stopped and removed with the suite. PostgreSQL refuses
 * to run as root: as root, it runs as the `postgres` user (`runuser`).
 * Without the binaries the suites that need it are skipped, and say so.
 */
import { execFileSync, spawnSync } from "node:child_process"
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "../../bench/common/loopback.js"

function binFolder(): string | undefined {
  const onPath = spawnSync("sh", ["-c", "command -v pg_ctl"], { encoding: "utf8" })
  if (onPath.status === 0) return undefined
  const debian = "/usr/lib/postgresql"
  if (!existsSync(debian)) return undefined
  const version = readdirSync(debian).sort((a, b) => Number(b) - Number(a))[0]
  return version === undefined ? undefined : join(debian, version, "bin")
}

const folder = binFolder()
const binary = (name: string) => (folder === undefined ? name : join(folder, name))

/** Whether this machine can run PostgreSQL. */
export const hasPostgres: boolean =
  spawnSync("sh", ["-c", `command -v ${binary("pg_ctl")} && command -v ${binary("initdb")}`]).status === 0

/** The sentence a skipped suite prints. */
export const noPostgres =
  "PostgreSQL (initdb, pg_ctl) is not on this machine: run `npm run test:services` (it installs it)"

const asRoot = process.getuid?.() === 0

// As the postgres user when root (PostgreSQL refuses root), else as ourselves.
function run(name: string, args: readonly string[]): void {
  const command = asRoot ? "runuser" : binary(name)
  const full = asRoot ? ["-u", "postgres", "--", binary(name), ...args] : [...args]
  execFileSync(command, full, { stdio: ["ignore", "ignore", "pipe"] })
}

/** A running PostgreSQL: its URL (database `postgres`, user `postgres`), and how to stop it. */
export interface PostgresServer {
  readonly url: string
  /** A fresh database on the server: its URL. */
  createDatabase(name: string): string
  /** Stops the server and removes its folder (a second call does nothing). */
  stop(): Promise<void>
}

/**
 * Creates a cluster in a temporary folder and starts it on a free port (`pg_ctl start -w`).
 *
 * @example
 * ```ts
 * const postgres = await startPostgres()
 * process.env.DATABASE_URL = postgres.createDatabase("example")
 * await postgres.stop()
 * ```
 */
export async function startPostgres(): Promise<PostgresServer> {
  if (!hasPostgres) throw new Error(noPostgres)
  const root = mkdtempSync(join(tmpdir(), "sitelets-postgres-"))
  // The postgres user must reach the folder.
  chmodSync(root, 0o777)
  const data = join(root, "data")
  const port = await freePort()
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])
  run("pg_ctl", [
    "-D",
    data,
    "-l",
    join(root, "log"),
    "-w",
    "-o",
    `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`,
    "start",
  ])
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  let stopped = false
  return {
    url,
    createDatabase(name) {
      run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", name])
      return `postgres://postgres@127.0.0.1:${port}/${name}`
    },
    async stop() {
      if (stopped) return
      stopped = true
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
      } finally {
        rmSync(root, { recursive: true, force: true })
      }
    },
  }
}
