/**
 * Bundles the front end for the browser with esbuild, in memory, when the
 * site starts (no build step, so `npm start` works from a fresh clone).
 */
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const entry = fileURLToPath(new URL("./app.ts", import.meta.url))

/** The bundled front end and its size. */
export interface FrontEndBundle {
  readonly code: string
  readonly bytes: number
}

let cached: Promise<FrontEndBundle> | undefined

/**
 * The front end as one minified ES module (built once per process).
 *
 * @example
 * ```ts
 * const { code } = await bundleFrontEnd()
 * ```
 */
export function bundleFrontEnd(): Promise<FrontEndBundle> {
  return (cached ??= bundleForBrowser(entry))
}

/**
 * A browser script as one minified ES module, bundled in memory by esbuild
 * (the front end's, the chat room's).
 *
 * @example
 * ```ts
 * const { code } = await bundleForBrowser(fileURLToPath(new URL("./app.ts", import.meta.url)))
 * ```
 */
export function bundleForBrowser(entryPoint: string): Promise<FrontEndBundle> {
  return build({
    entryPoints: [entryPoint],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  }).then((result) => {
    const output = result.outputFiles[0]
    if (output === undefined) throw new Error(`esbuild produced no output for ${entryPoint}`)
    return { code: output.text, bytes: output.contents.length }
  })
}
