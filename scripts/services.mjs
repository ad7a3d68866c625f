#!/usr/bin/env node
/**
 * `npm run test:services`: the suites that need a real server — Redis
 * (test/redis) and Redis with PostgreSQL (test/services: the example on
 * three processes). Installs what is missing from Debian's packages when
 * run as root (the CI machine and this kind of machine are Debian), then
 * runs those suites; the tests start and stop the servers themselves, on
 * loopback ports. `--install` installs and stops there (`.ci/run` does
 * this before `npm test`, which runs the same suites).
 */
import { execFileSync, spawnSync } from "node:child_process"

const needed = [
  { binary: "redis-server", alternative: "valkey-server", pkg: "redis-server" },
  // Debian's PostgreSQL keeps its binaries off PATH, in /usr/lib/postgresql/<version>/bin (the tests look there too).
  { binary: "pg_ctl", alternative: "/usr/lib/postgresql/*/bin/pg_ctl", pkg: "postgresql" },
]
const has = (binary) => spawnSync("sh", ["-c", `command -v ${binary} || ls ${binary}`], { stdio: "ignore" }).status === 0
const missing = needed.filter(({ binary, alternative }) => !has(binary) && !has(alternative))

if (missing.length > 0) {
  const packages = missing.map(({ pkg }) => pkg)
  if (process.getuid?.() !== 0) {
    console.error(`test:services: missing ${packages.join(", ")}; install them (apt-get install ${packages.join(" ")}) or run as root`)
    process.exit(1)
  }
  const apt = (args) => execFileSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } })
  try {
    apt(["install", "-y", "--no-install-recommends", ...packages])
  } catch {
    apt(["update"])
    apt(["install", "-y", "--no-install-recommends", ...packages])
  }
  // Debian starts the services on their default ports; the tests start their own, so stop them.
  spawnSync("sh", ["-c", "service redis-server stop; service postgresql stop; true"], { stdio: "ignore" })
}

if (!process.argv.includes("--install")) {
  const run = spawnSync("npx", ["vitest", "run", "test/redis", "test/services"], { stdio: "inherit" })
  process.exit(run.status ?? 1)
}
