/**
 * A browser bundle's size, as the bundle benches measure it: esbuild from
 * an entry's text (minified, ES2022, browser platform), gzip -9.
 */
import { gzipSync } from "node:zlib"
import { build, type Plugin } from "esbuild"

/** A bundle's bytes, minified and gzipped. */
export interface BundleSize {
  readonly minified: number
  readonly gzip: number
}

/**
 * Bundles `contents` (resolved from `resolveDir`) and measures it.
 *
 * @example
 * ```ts
 * (await bundleSize(`import { Router } from "sitelets/link"\nconsole.log(Router)`, { resolveDir })).gzip
 * ```
 */
export async function bundleSize(
  contents: string,
  options: {
    readonly resolveDir: string
    readonly alias?: Record<string, string>
    readonly plugins?: Plugin[]
    readonly loader?: "js" | "ts"
  },
): Promise<BundleSize> {
  const result = await build({
    stdin: { contents, resolveDir: options.resolveDir, loader: options.loader ?? "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
    ...(options.alias === undefined ? {} : { alias: options.alias }),
    ...(options.plugins === undefined ? {} : { plugins: options.plugins }),
  })
  const code = (result.outputFiles[0] as { contents: Uint8Array }).contents
  return { minified: code.length, gzip: gzipSync(code, { level: 9 }).length }
}
