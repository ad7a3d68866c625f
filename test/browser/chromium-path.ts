/**
 * Which Chromium the browser tests drive, resolved once per test run:
 * `CHROMIUM_PATH` when set, else a system Chromium at `/usr/bin/chromium`,
 * else the one the `@sparticuz/chromium` dev dependency ships (unpacked to
 * the temp directory on first use), so `npm install && npm test` needs
 * nothing else on the machine.
 */
import { existsSync } from "node:fs"

/** A Chromium to launch and where it came from (printed once per run). */
export interface ResolvedChromium {
  readonly path: string
  readonly source: "CHROMIUM_PATH" | "system" | "@sparticuz/chromium"
}

/** Where a system Chromium is looked for (Debian's `chromium` package). */
export const systemChromium = "/usr/bin/chromium"

/**
 * Resolves the Chromium for this run; the packaged one is unpacked here, in
 * one process, so parallel test files never race to unpack it.
 *
 * @example
 * ```ts
 * const { path, source } = await resolveChromium(process.env)
 * ```
 */
export async function resolveChromium(env: Readonly<Record<string, string | undefined>>): Promise<ResolvedChromium> {
  const given = env.CHROMIUM_PATH
  if (given !== undefined && given !== "") return { path: given, source: "CHROMIUM_PATH" }
  if (existsSync(systemChromium)) return { path: systemChromium, source: "system" }
  const { default: packaged } = await import("@sparticuz/chromium")
  return { path: await packaged.executablePath(), source: "@sparticuz/chromium" }
}
