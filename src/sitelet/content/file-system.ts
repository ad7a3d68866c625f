/**
 * The file system, for `Content.File` and `Sitelet.Files`: `node:fs` and
 * `node:path`, loaded on first use so the root module stays isomorphic
 * (Node, Bun and Deno have them; a browser bundle never loads them). On
 * Cloudflare Workers there is no file system: a clear error, at once.
 */
import { contentMessages } from "./content-messages.js"

/** The parts of `node:fs` and `node:path` the file contents use. */
export interface FileSystem {
  readonly stat: (path: string) => Promise<FileStats>
  readonly realpath: (path: string) => Promise<string>
  readonly open: (path: string, start: number, end: number) => AsyncIterable<Uint8Array>
  readonly resolve: (...paths: string[]) => string
  readonly separator: string
}

/** What `stat` tells. */
export interface FileStats {
  readonly size: number
  readonly mtimeMs: number
  readonly ino: number
  isFile(): boolean
}

/**
 * Throws when the runtime has no file system (Workers): the sentence
 * names what to use instead.
 *
 * @example
 * ```ts
 * checkFileSystem("Sitelet.Files")
 * ```
 */
export function checkFileSystem(where: string): void {
  const agent = (globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent
  if (agent === "Cloudflare-Workers") throw new TypeError(contentMessages.noFileSystem(where))
}

// The few members used, typed here: this module must type-check without Node's types (the root is isomorphic).
interface NodeFs {
  readonly promises: { stat(path: string): Promise<FileStats>; realpath(path: string): Promise<string> }
  createReadStream(
    path: string,
    options: { start: number; end: number; highWaterMark: number },
  ): AsyncIterable<Uint8Array>
}
interface NodePath {
  resolve(...paths: string[]): string
  readonly sep: string
}

let loaded: Promise<FileSystem> | undefined

/**
 * `node:fs` and `node:path`, imported once.
 *
 * @example
 * ```ts
 * const fs = await fileSystem()
 * const stats = await fs.stat("/srv/www/index.html")
 * ```
 */
export function fileSystem(): Promise<FileSystem> {
  return (loaded ??= load())
}

async function load(): Promise<FileSystem> {
  // Specifiers in variables: bundlers for the browser or Workers leave them alone.
  const fsName = "node:fs"
  const pathName = "node:path"
  const fs = (await import(fsName)) as NodeFs
  const path = (await import(pathName)) as NodePath
  return {
    stat: (file) => fs.promises.stat(file),
    realpath: (file) => fs.promises.realpath(file),
    // A 64 KB read size: a slow client holds at most a few chunks in memory.
    open: (file, start, end) => fs.createReadStream(file, { start, end, highWaterMark: 64 * 1024 }),
    resolve: (...paths) => path.resolve(...paths),
    separator: path.sep,
  }
}
