/**
 * Starts the matrix's runtimes as child processes serving the bundled
 * sites on 127.0.0.1: Bun (`Bun.serve`), Deno (`Deno.serve`, `--allow-net`
 * and no other permission) and Cloudflare's workerd (`workerd serve` with a
 * generated config). Their binaries come from this folder's own npm
 * install (`npm run test:runtimes` does it), never from anywhere else.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { accepts, freePort } from "../../bench/common/loopback.js"
import { siteNames, matrixSecret, type SiteName } from "./sites.js"

const here = fileURLToPath(new URL(".", import.meta.url))
const root = fileURLToPath(new URL("../../", import.meta.url))
const examples = `${root}examples/deploy/`
const dist = `${here}dist/`

/** The runtimes started as processes. */
export type RuntimeName = "bun" | "deno" | "workerd"

/** A started runtime: a port per site, its version, and how to stop it. */
export interface StartedRuntime {
  readonly name: RuntimeName
  readonly version: string
  readonly ports: Readonly<Record<SiteName, number>>
  /** Everything the process wrote to stderr so far (warnings, reported errors). */
  stderr(): string
  /** The process's resident memory now, in bytes (from /proc: Linux). */
  rss(): number
  close(): Promise<void>
}

/**
 * The resident memory of a process, in bytes, read from `/proc/<pid>/status`.
 *
 * @example
 * ```ts
 * rssOf(process.pid) //=> 123456789
 * ```
 */
export function rssOf(pid: number): number {
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]
  return Number(kilobytes ?? 0) * 1024
}

/** The sentence a missing runtime binary throws (written once; the test imports it). */
export const missingRuntime = (name: RuntimeName, path: string) =>
  `${name} is not installed at ${path}: run \`npm run test:runtimes\`, which installs the matrix's runtimes from npm (test/runtimes/package.json).`

/**
 * The binary of a runtime, from `test/runtimes/node_modules/.bin`.
 *
 * @example
 * ```ts
 * binaryOf("deno") //=> ".../test/runtimes/node_modules/.bin/deno"
 * ```
 */
export function binaryOf(name: RuntimeName): string {
  const path = `${here}node_modules/.bin/${name}`
  if (!existsSync(path)) throw new Error(missingRuntime(name, path))
  return path
}

/**
 * Bundles `sites.ts` into `dist/sites.mjs` for a neutral platform: an
 * import of a Node built-in fails the build, as it would fail on Workers.
 *
 * @example
 * ```ts
 * await bundleSites()
 * ```
 */
export async function bundleSites(): Promise<void> {
  mkdirSync(dist, { recursive: true })
  await build({
    entryPoints: [`${here}sites.ts`],
    outfile: `${dist}sites.mjs`,
    bundle: true,
    format: "esm",
    platform: "neutral",
    // As a Workers bundler reads packages: the MCP SDK's dependencies (ajv) name only a "main".
    mainFields: ["module", "main"],
    target: "es2022",
    logLevel: "error",
  })
  copyFileSync(`${here}entries/worker.mjs`, `${dist}worker.mjs`)
  // The README's deployment snippets, with their `sitelets` imports resolved to the sources.
  await build({
    entryPoints: ["bun", "deno", "worker"].map((name) => ({ in: `${examples}${name}.ts`, out: `deploy-${name}` })),
    outdir: dist,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    logLevel: "error",
    alias: { sitelets: `${root}src/index.ts` },
  })
}

async function versionOf(binary: string, name: RuntimeName): Promise<string> {
  const text = await new Promise<string>((resolve, reject) => {
    const child = spawn(binary, ["--version"], { stdio: ["ignore", "pipe", "inherit"] })
    let out = ""
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()))
    child.on("error", reject)
    child.on("close", () => resolve(out))
  })
  const line = text.split("\n")[0]!.trim()
  return name === "deno"
    ? line.replace(/^deno\s+(\S+).*$/, "$1")
    : name === "workerd"
      ? line.replace(/^workerd\s+/, "")
      : line
}

/** One workerd service: a socket, its worker's modules (files in `dist/`, the first is the main one) and text bindings. */
interface WorkerdService {
  readonly name: string
  readonly port: number
  readonly modules: readonly string[]
  readonly bindings: Readonly<Record<string, string>>
}

/** A workerd config: one socket and one service per entry. */
function workerdConfig(entries: readonly WorkerdService[]): string {
  const services = entries.map(
    ({ name, modules, bindings }) => `    (name = "${name}", worker = (
      modules = [ ${modules.map((file) => `(name = "${file}", esModule = embed "${file}")`).join(", ")} ],
      compatibilityDate = "2026-11-01",
      bindings = [ ${Object.entries(bindings)
        .map(([key, value]) => `(name = "${key}", text = ${JSON.stringify(value)})`)
        .join(", ")} ],
    ))`,
  )
  const sockets = entries.map(
    ({ name, port }) => `    (name = "${name}", address = "127.0.0.1:${port}", http = (), service = "${name}")`,
  )
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
${services.join(",\n")}
  ],
  sockets = [
${sockets.join(",\n")}
  ],
);
`
}

function started(
  name: RuntimeName,
  version: string,
  child: ChildProcess,
  ports: Record<SiteName, number>,
  stderr: () => string,
): StartedRuntime {
  return {
    name,
    version,
    ports,
    stderr,
    rss: () => rssOf(child.pid as number),
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once("exit", () => resolve())
        child.kill("SIGTERM")
        // A runtime that ignores SIGTERM is stopped anyway: the matrix never leaves a process behind.
        setTimeout(() => child.kill("SIGKILL"), 3_000).unref()
      }),
  }
}

/**
 * Starts one runtime on the bundled sites (call {@link bundleSites} first)
 * and resolves once every site's listener accepts connections.
 *
 * @example
 * ```ts
 * const deno = await startRuntime("deno")
 * await fetch(`http://127.0.0.1:${deno.ports.host}/`)
 * await deno.close()
 * ```
 */
export async function startRuntime(name: RuntimeName): Promise<StartedRuntime> {
  const binary = binaryOf(name)
  const version = await versionOf(binary, name)
  let args: string[]
  let ports: Record<SiteName, number> | undefined
  if (name === "bun") args = [`${here}entries/bun.mjs`]
  // Reading public/ only: the files site's folder.
  else if (name === "deno") args = ["run", "--allow-net", "--allow-read=public", `${here}entries/deno.mjs`]
  else {
    ports = Object.fromEntries(
      await Promise.all(siteNames.map(async (site) => [site, await freePort()] as const)),
    ) as Record<SiteName, number>
    const known = ports
    const services = siteNames.map((site) => ({
      name: site,
      port: known[site],
      modules: ["worker.mjs", "sites.mjs"],
      bindings: { SITE: site, SESSION_SECRET: matrixSecret },
    }))
    writeFileSync(`${dist}config.capnp`, workerdConfig(services))
    args = ["serve", `${dist}config.capnp`]
  }
  const child = spawn(binary, args, {
    cwd: here,
    stdio: ["ignore", "pipe", "pipe"],
    // Nothing of the test run's environment: no SITELETS_SECRET, no update checks, colours off.
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? here, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
  })
  let err = ""
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()))
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code, signal) =>
      reject(new Error(`${name} exited (${code ?? signal}) before serving:\n${err}`)),
    ),
  )
  exited.catch(() => undefined)
  if (ports === undefined) {
    ports = await Promise.race([
      exited,
      new Promise<Record<SiteName, number>>((resolve) => {
        let out = ""
        child.stdout!.on("data", (chunk: Buffer) => {
          out += chunk.toString()
          const line = out.split("\n").find((text) => text.startsWith('{"ports"'))
          if (line !== undefined) resolve((JSON.parse(line) as { ports: Record<SiteName, number> }).ports)
        })
      }),
    ])
  } else {
    child.stdout!.resume()
  }
  const known = ports
  // Bounded wait: 20 s for every listener to accept a connection.
  for (let attempt = 0; ; attempt++) {
    const ready = await Promise.race([exited, Promise.all(siteNames.map((site) => accepts(known[site])))])
    if (ready.every(Boolean)) break
    if (attempt > 200) {
      child.kill("SIGKILL")
      throw new Error(`${name} did not accept connections within 20 s:\n${err}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return started(name, version, child, known, () => err)
}

/** A deployment snippet running on its runtime. */
export interface StartedSnippet {
  readonly port: number
  stderr(): string
  close(): Promise<void>
}

/**
 * Runs the README's deployment snippet for a runtime (bundled by
 * {@link bundleSites}) on a free port, with the given session secrets, as
 * its comment says to run it: Bun with `PORT`, Deno with `--allow-net` and
 * `--allow-env` for the two secrets only, Workers under workerd with the
 * secrets as bindings.
 *
 * @example
 * ```ts
 * const snippet = await startSnippet("deno", { SESSION_SECRET: "…32 bytes…" })
 * ```
 */
export async function startSnippet(
  name: RuntimeName,
  secrets: Readonly<Record<string, string>>,
): Promise<StartedSnippet> {
  const binary = binaryOf(name)
  const port = await freePort()
  let args: string[]
  let env: Record<string, string> = {}
  if (name === "bun") {
    args = [`${dist}deploy-bun.mjs`]
    env = { PORT: String(port), ...secrets }
  } else if (name === "deno") {
    args = [
      "run",
      "--allow-net",
      "--allow-env=SESSION_SECRET,SESSION_SECRET_OLD",
      `${dist}deploy-deno.mjs`,
      String(port),
    ]
    env = { ...secrets }
  } else {
    writeFileSync(
      `${dist}deploy.capnp`,
      workerdConfig([{ name: "deploy", port, modules: ["deploy-worker.mjs"], bindings: secrets }]),
    )
    args = ["serve", `${dist}deploy.capnp`]
  }
  const child = spawn(binary, args, {
    cwd: dist,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? here,
      DENO_NO_UPDATE_CHECK: "1",
      NO_COLOR: "1",
      ...env,
    },
  })
  let err = ""
  child.stdout!.resume()
  child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()))
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code, signal) =>
      reject(new Error(`${name} snippet exited (${code ?? signal}) before serving:\n${err}`)),
    ),
  )
  exited.catch(() => undefined)
  for (let attempt = 0; !(await Promise.race([exited, accepts(port)])); attempt++) {
    if (attempt > 200) {
      child.kill("SIGKILL")
      throw new Error(`${name} snippet did not accept connections within 20 s:\n${err}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const runtime = started(name, "", child, {} as Record<SiteName, number>, () => err)
  return { port, stderr: runtime.stderr, close: runtime.close }
}

/** A bare server of a runtime (no library): the baseline the memory rows compare with. */
export interface StartedBare {
  readonly port: number
  rss(): number
  close(): Promise<void>
}

/**
 * Starts a bare server on Deno or workerd that reads a JSON body with the
 * runtime's own `request.text()` and answers `small:<title length>`, as the
 * matrix's hardening site does.
 *
 * @example
 * ```ts
 * const bare = await startBare("deno")
 * ```
 */
export async function startBare(name: "deno" | "workerd"): Promise<StartedBare> {
  const binary = binaryOf(name)
  let port: number | undefined
  let args: string[]
  if (name === "deno") args = ["run", "--allow-net", `${here}entries/bare-deno.mjs`]
  else {
    port = await freePort()
    mkdirSync(dist, { recursive: true })
    copyFileSync(`${here}entries/bare-worker.mjs`, `${dist}bare-worker.mjs`)
    writeFileSync(
      `${dist}bare.capnp`,
      workerdConfig([{ name: "bare", port, modules: ["bare-worker.mjs"], bindings: {} }]),
    )
    args = ["serve", `${dist}bare.capnp`]
  }
  const child = spawn(binary, args, {
    cwd: name === "deno" ? here : dist,
    stdio: ["ignore", "pipe", "pipe"],
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? here, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
  })
  child.stderr!.resume()
  if (port === undefined)
    port = await new Promise<number>((resolve, reject) => {
      let out = ""
      child.once("exit", (code) => reject(new Error(`bare ${name} exited (${code})`)))
      child.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString()
        const line = out.split("\n").find((text) => text.startsWith('{"port"'))
        if (line !== undefined) resolve((JSON.parse(line) as { port: number }).port)
      })
    })
  else child.stdout!.resume()
  const known = port
  for (let attempt = 0; !(await accepts(known)); attempt++) {
    if (attempt > 200) {
      child.kill("SIGKILL")
      throw new Error(`bare ${name} did not accept connections within 20 s`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const { rss, close } = started(name, "", child, {} as Record<SiteName, number>, () => "")
  return { port: known, rss, close }
}
