/**
 * Reads a Fetch API request body with a size limit counted on the actual
 * bytes: a declared `Content-Length` over the limit fails before reading,
 * and a body that grows past the limit (lying or absent length) fails at
 * the first byte over it.
 */
import { HostError, hostMessages } from "./host-errors.js"

/**
 * The body bytes of a request, or a `HostError` 413 over `limit` bytes.
 *
 * @example
 * ```ts
 * const bytes = await readFetchBody(request, 1024 * 1024)
 * ```
 */
export async function readFetchBody(request: Request, limit: number): Promise<Uint8Array> {
  if (declaresOver(request.headers.get("content-length"), limit)) throw bodyTooLarge(limit)
  if (request.body === null) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>
    try {
      step = await reader.read()
    } catch {
      throw new HostError(400, "request.aborted", hostMessages.bodyAborted)
    }
    if (step.done) break
    size += step.value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      throw bodyTooLarge(limit)
    }
    chunks.push(step.value)
  }
  return concat(chunks, size)
}

/**
 * The 413 error of a body over `limit` bytes (every host, declared or counted).
 *
 * @example
 * ```ts
 * bodyTooLarge(1024).status //=> 413
 * ```
 */
export function bodyTooLarge(limit: number): HostError {
  return new HostError(413, "entity.too.large", hostMessages.bodyTooLarge(limit))
}

/**
 * True when a declared `Content-Length` (digits only; anything else is left
 * to the byte count) is over `limit`.
 *
 * @example
 * ```ts
 * declaresOver("2048", 1024) //=> true
 * ```
 */
export function declaresOver(declared: string | null | undefined, limit: number): boolean {
  return declared !== null && declared !== undefined && /^[0-9]+$/.test(declared) && Number(declared) > limit
}

/**
 * Joins byte chunks.
 *
 * @example
 * ```ts
 * concat([new Uint8Array([1]), new Uint8Array([2])], 2) //=> Uint8Array [1, 2]
 * ```
 */
export function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0] !== undefined) return chunks[0]
  const out = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.byteLength
  }
  return out
}
