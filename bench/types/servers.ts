/**
 * Editor latency through the servers editors talk to: TypeScript 5.9's
 * `tsserver` (its own protocol) and TypeScript 7's language server
 * (`tsc --lsp --stdio`, the Language Server Protocol). The same generated
 * app as `editor.ts`, written to disk with a `tsconfig.json`; the client file
 * is opened, then each run sends one edit of a link's argument and times the
 * answer to a diagnostics request for it (`semanticDiagnosticsSync` on
 * tsserver, `textDocument/diagnostic` on LSP): what an editor waits for
 * after a keystroke, protocol and process boundary included. Reported, never
 * gated (it is a time).
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { pathToFileURL } from "node:url"
import { clientText, declarations, type EditorClient, type EditorLatency, latencyOf } from "./editor.js"
import { checkerOptions, root } from "./measure.js"

/**
 * The server measured.
 *
 * @example
 * ```ts
 * const server: EditorServer = "lsp-7.0"
 * ```
 */
export type EditorServer = "tsserver-5.9" | "lsp-7.0"

const folder = join(root, "bench/types/.editor-servers")

/** Reads `Content-Length` frames (both servers write them) and hands each parsed message to `onMessage`. */
function frames(process: ChildProcessWithoutNullStreams, onMessage: (message: Record<string, unknown>) => void) {
  let buffer = Buffer.alloc(0)
  process.stdout.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk])
    for (;;) {
      const end = buffer.indexOf("\r\n\r\n")
      if (end < 0) return
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, end).toString())?.[1])
      if (buffer.length < end + 4 + length) return
      const body = buffer.subarray(end + 4, end + 4 + length).toString()
      buffer = buffer.subarray(end + 4 + length)
      onMessage(JSON.parse(body) as Record<string, unknown>)
    }
  })
}

/** A request/response connection to one server process. */
interface Connection {
  request(method: string, params: unknown): Promise<unknown>
  notify(method: string, params: unknown): void
  close(): void
}

function tsserver(): Connection {
  const child = spawn(
    process.execPath,
    [join(root, "node_modules/typescript/lib/tsserver.js"), "--disableAutomaticTypingAcquisition"],
    { cwd: folder },
  )
  const pending = new Map<number, (body: unknown) => void>()
  let seq = 0
  frames(child, (message) => {
    if (message.type === "response") pending.get(message.request_seq as number)?.(message.body)
  })
  const send = (command: string, args: unknown) => {
    seq += 1
    child.stdin.write(`${JSON.stringify({ seq, type: "request", command, arguments: args })}\n`)
    return seq
  }
  return {
    request: (command, args) => new Promise((resolve) => pending.set(send(command, args), resolve)),
    notify: (command, args) => void send(command, args),
    close: () => child.kill(),
  }
}

// The native binary of this platform, found the way the `tsc` wrapper finds it.
const { default: nativeCompiler } = (await import(
  pathToFileURL(join(root, "node_modules/typescript-7/lib/getExePath.js")).href
)) as { default: () => string }

function lsp(): Connection {
  const child = spawn(nativeCompiler(), ["--lsp", "--stdio"], { cwd: folder })
  const pending = new Map<number, (result: unknown) => void>()
  let id = 0
  const write = (message: object) => {
    const body = JSON.stringify({ jsonrpc: "2.0", ...message })
    child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`)
  }
  frames(child, (message) => {
    if (message.method !== undefined && message.id !== undefined) {
      // A request of the server (configuration, capability registration, progress): answer it plainly.
      const items = (message.params as { items?: unknown[] } | undefined)?.items
      write({
        id: message.id,
        result: message.method === "workspace/configuration" ? (items ?? []).map(() => null) : null,
      })
    } else if (message.id !== undefined) pending.get(message.id as number)?.(message.result)
  })
  return {
    request: (method, params) =>
      new Promise((resolve) => {
        id += 1
        pending.set(id, resolve)
        write({ id, method, params })
      }),
    notify: (method, params) => write({ method, params }),
    close: () => child.kill(),
  }
}

/** One editing session: open the client file, then edit it and ask for its diagnostics. */
interface Session {
  open(text: string): Promise<void>
  /** Sends the edit and waits for the diagnostics' messages. */
  edit(text: string): Promise<string[]>
  close(): void
}

function tsserverSession(file: string): Session {
  const server = tsserver()
  let lines: string[] = []
  const diagnostics = async () =>
    ((await server.request("semanticDiagnosticsSync", { file })) as { text: string }[]).map((d) => d.text)
  return {
    async open(text) {
      lines = text.split("\n")
      await server.request("updateOpen", { openFiles: [{ file, fileContent: text, projectRootPath: folder }] })
      await diagnostics()
    },
    async edit(text) {
      const end = { line: lines.length, offset: (lines[lines.length - 1] ?? "").length + 1 }
      server.notify("change", {
        file,
        line: 1,
        offset: 1,
        endLine: end.line,
        endOffset: end.offset,
        insertString: text,
      })
      lines = text.split("\n")
      return diagnostics()
    },
    close: () => server.close(),
  }
}

function lspSession(file: string): Session {
  const server = lsp()
  const uri = pathToFileURL(file).href
  let version = 1
  const diagnostics = async () =>
    (
      (await server.request("textDocument/diagnostic", { textDocument: { uri } })) as { items?: { message: string }[] }
    ).items?.map((d) => d.message) ?? []
  return {
    async open(text) {
      await server.request("initialize", {
        processId: process.pid,
        rootUri: pathToFileURL(folder).href,
        workspaceFolders: [{ uri: pathToFileURL(folder).href, name: "bench" }],
        capabilities: { textDocument: { diagnostic: { dynamicRegistration: false }, publishDiagnostics: {} } },
      })
      server.notify("initialized", {})
      server.notify("textDocument/didOpen", { textDocument: { uri, languageId: "typescript", version, text } })
      await diagnostics()
    },
    async edit(text) {
      version += 1
      server.notify("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ text }] })
      return diagnostics()
    },
    close: () => server.close(),
  }
}

/**
 * Times the diagnostics of the client file after `runs` edits (after
 * `warmups` untimed ones), through `server`.
 *
 * @example
 * ```ts
 * (await measureServerLatency("lsp-7.0", 300, "handlers")).medianMs //=> e.g. 60
 * ```
 */
export async function measureServerLatency(
  server: EditorServer,
  routes: number,
  client: EditorClient,
  runs = 7,
  warmups = 3,
): Promise<EditorLatency & { readonly server: EditorServer }> {
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, "app.ts"), declarations(routes))
  writeFileSync(join(folder, "client.ts"), clientText(routes, client, 0))
  writeFileSync(
    join(folder, "tsconfig.json"),
    JSON.stringify({ compilerOptions: checkerOptions, files: ["client.ts"] }),
  )
  const file = join(folder, "client.ts")
  const session = server === "tsserver-5.9" ? tsserverSession(file) : lspSession(file)
  try {
    const startCold = performance.now()
    await session.open(clientText(routes, client, 0))
    const coldMs = performance.now() - startCold
    for (let edit = 1; edit <= warmups; edit++) await session.edit(clientText(routes, client, edit))
    const timed: number[] = []
    let diagnostics: string[] = []
    for (let run = 1; run <= runs; run++) {
      const text = clientText(routes, client, warmups + run)
      const start = performance.now()
      diagnostics = await session.edit(text)
      timed.push(performance.now() - start)
    }
    // A wrong edit must be reported: the server saw the edits (no cached answer was timed).
    if ((await session.edit(clientText(routes, client, "wrong"))).length === 0)
      throw new Error(`${server}: no diagnostic for a wrong edit; the timed answers did not check the edits`)
    return { server, ...latencyOf(routes, client, coldMs, timed, diagnostics) }
  } finally {
    session.close()
    rmSync(folder, { recursive: true, force: true })
  }
}
