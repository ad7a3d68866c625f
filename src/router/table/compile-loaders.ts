/**
 * How each bundler's plugin imports the declaration module it compiles,
 * through that bundler's own pipeline, so a `.ts` or `.tsx` module needs
 * no loader flag: esbuild bundles it (its packages left to Node), Vite
 * runs it in a module runner of its own (`runnerImport`, with the
 * config's root, aliases and `define`), Rollup bundles it with the plugins
 * the user names for it. None of them imports a bundler: each is handed
 * the bundler the build runs on, or finds the project's own.
 */
import { rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { basename, dirname, isAbsolute, join } from "node:path"
import { pathToFileURL } from "node:url"
import type { ModuleLoader } from "./compile-load.js"

let written = 0

// Bundled code imported from a file beside the module, so that its packages resolve as the module's own would.
async function importBeside(file: string, code: string): Promise<Record<string, unknown>> {
  const temporary = join(dirname(file), `.${basename(file)}.sitelets-${process.pid}-${++written}.mjs`)
  writeFileSync(temporary, code)
  try {
    return (await import(pathToFileURL(temporary).href)) as Record<string, unknown>
  } finally {
    rmSync(temporary, { force: true })
  }
}

/** The part of esbuild's `PluginBuild` the loader uses. */
export interface EsbuildLike {
  readonly initialOptions: { readonly plugins?: readonly { name: string }[] | undefined }
  readonly esbuild: {
    build(options: Record<string, unknown>): Promise<{ outputFiles?: readonly { text: string }[] }>
  }
}

// What a build's own options say about reading modules (the rest — entry points, output — is the build's).
const esbuildReading = ["alias", "conditions", "define", "jsx", "jsxDev", "jsxFactory", "jsxFragment"].concat([
  "jsxImportSource",
  "loader",
  "mainFields",
  "nodePaths",
  "resolveExtensions",
  "tsconfig",
  "tsconfigRaw",
])

// An alias of sitelets itself (a build that points `sitelets` at its dist/) is left out: the declaration must import
// the package the plugin runs from, not a copy bundled into it (a copy's templates wait for its own parser).
const ownName = (name: string) => name === "sitelets" || name.startsWith("sitelets/")

// And so is a tsconfig `paths` entry for it, which esbuild would follow into sources: sitelets stays an import.
const keepOwnExternal = {
  name: "sitelets-keep-external",
  setup(nested: { onResolve(options: { filter: RegExp }, run: (args: { path: string }) => unknown): void }) {
    nested.onResolve({ filter: /^sitelets(?:\/|$)/ }, (args) => ({ path: args.path, external: true }))
  },
}

function withoutOwnAliases(alias: unknown): unknown {
  if (Array.isArray(alias))
    return alias.filter((entry: { find?: unknown }) => typeof entry?.find !== "string" || !ownName(entry.find))
  if (typeof alias !== "object" || alias === null) return alias
  return Object.fromEntries(Object.entries(alias).filter(([name]) => !ownName(name)))
}

/**
 * The module bundled by the build's own esbuild, with its settings for
 * reading modules (loaders, JSX, aliases, tsconfig) and its other plugins;
 * packages stay imports.
 *
 * @example
 * ```ts
 * build.onStart(() => writeRouteTable(table, rerun, esbuildLoader(build, "sitelets-compile-routes")))
 * ```
 */
export function esbuildLoader(build: EsbuildLike, own: string): ModuleLoader {
  return async (file) => {
    const reading = Object.fromEntries(
      esbuildReading.flatMap((key) => {
        const value = (build.initialOptions as Readonly<Record<string, unknown>>)[key]
        if (value === undefined) return []
        return [[key, key === "alias" ? withoutOwnAliases(value) : value]]
      }),
    )
    const result = await build.esbuild.build({
      ...reading,
      entryPoints: [file],
      bundle: true,
      write: false,
      format: "esm",
      platform: "node",
      packages: "external",
      logLevel: "silent",
      plugins: [keepOwnExternal, ...(build.initialOptions.plugins ?? []).filter((plugin) => plugin.name !== own)],
    })
    return importBeside(file, result.outputFiles?.[0]?.text ?? "")
  }
}

/** The part of Vite's resolved config the loader uses. */
export interface ViteConfigLike {
  readonly root: string
  readonly mode?: string
  readonly define?: Record<string, unknown>
  readonly resolve?: { readonly alias?: unknown }
}

type RunnerImport = (id: string, config: Record<string, unknown>) => Promise<{ module: Record<string, unknown> }>

/**
 * The module run by the project's Vite in a module runner of its own
 * (`runnerImport`, Vite 6.1 or later): Vite's TypeScript and JSX
 * transform, the config's root, mode, aliases and `define`; none of the
 * config's plugins (they belong to the build they were made for).
 *
 * @example
 * ```ts
 * configResolved(config) { load = viteLoader(config) }
 * ```
 */
export function viteLoader(config: ViteConfigLike): ModuleLoader {
  return async (file) => {
    const vite = (await import(
      pathToFileURL(createRequire(join(config.root, "package.json")).resolve("vite")).href
    )) as { runnerImport?: RunnerImport; version?: string }
    if (typeof vite.runnerImport !== "function")
      throw new Error(`Vite ${vite.version ?? ""} has no runnerImport (Vite 6.1 or later): compile the built .js`)
    const { module } = await vite.runnerImport(file, {
      root: config.root,
      ...(config.mode === undefined ? {} : { mode: config.mode }),
      ...(config.define === undefined ? {} : { define: config.define }),
      ...(config.resolve?.alias === undefined ? {} : { resolve: { alias: withoutOwnAliases(config.resolve.alias) } }),
      logLevel: "silent",
    })
    return module
  }
}

/** The part of Rollup the loader uses: `rollup(options)`, as the project's `rollup` package exports it. */
interface RollupLike {
  rollup(options: Record<string, unknown>): Promise<{
    generate(output: { format: "es" }): Promise<{ output: readonly [{ code: string }, ...unknown[]] }>
    close(): Promise<void>
  }>
}

// A package or built-in import (not relative, absolute or a URL): left to Node, as esbuild's packages: "external".
const isPackage = (id: string) => !id.startsWith(".") && !isAbsolute(id) && !id.startsWith("\0") && !id.includes("://")

/**
 * The module bundled by the project's Rollup with the plugins given for
 * it (a TypeScript plugin for a `.ts` module: Rollup reads only
 * JavaScript); packages stay imports.
 *
 * @example
 * ```ts
 * rollupLoader("/app", [typescript()]) // the plugins are this loader's own, not the build's
 * ```
 */
export function rollupLoader(root: string, plugins: readonly unknown[]): ModuleLoader {
  return async (file) => {
    const found = (await import(
      pathToFileURL(createRequire(join(root, "package.json")).resolve("rollup")).href
    )) as RollupLike & { default?: RollupLike }
    // Its CommonJS build, as require resolves it: rollup is a named export, or a property of the default one.
    const rollup = typeof found.rollup === "function" ? found : found.default!
    const bundle = await rollup.rollup({ input: file, plugins: [...plugins], external: isPackage, onwarn: () => {} })
    try {
      const { output } = await bundle.generate({ format: "es" })
      return importBeside(file, output[0].code)
    } finally {
      await bundle.close()
    }
  }
}
