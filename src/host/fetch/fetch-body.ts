/**
 * Reads a Fetch API request body with a size limit counted on the actual
 * bytes, in memory bounded by the limit (`BodyBytes`): a declared
 * `Content-Length` over the limit fails without keeping anything, and a
 * body that grows past the limit (lying or absent length) fails at the
 * first byte over it.
 *
 * Before the 413 is answered, what remains of an over-limit body is read
 * and discarded, up to `drainBytes(limit)` more and while it keeps coming
 * (RELIABILITY D4, "drain up to a cap"): Bun closes a connection whose
 * request body is unread, and the client's kernel then drops the answer for
 * a reset. A body that stalls is not waited for: the 413 goes after
 * `drainIdleMs` without a byte.
 */
import { BodyBytes } from "../body-bytes.js"
import { bodyTooLarge, declaresOver, isLength } from "../body-limit.js"
import { HostError, hostMessages } from "../host-errors.js"

/**
 * The body bytes of a request, or a `HostError` 413 over `limit` bytes.
 *
 * @example
 * ```ts
 * const bytes = await readFetchBody(request, 1024 * 1024)
 * ```
 */
export async function readFetchBody(request: Request, limit: number): Promise<Uint8Array> {
  const cap = limit + drainBytes(limit)
  const declared = request.headers.get("content-length")
  if (declaresOver(declared, limit)) {
    // Read off a body we can afford to (bounded by `cap`); a larger one is refused at once.
    if (request.body !== null && !declaresOver(declared, cap)) await discard(request.body.getReader(), 0, cap)
    else await request.body?.cancel().catch(() => undefined)
    throw bodyTooLarge(limit)
  }
  if (request.body === null) return new Uint8Array(0)
  // A declared length within the limit: the runtime's HTTP framing reads exactly that many bytes, so the runtime
  // reads them itself (no JavaScript step per chunk: a body trickled a byte at a time costs no more than at once).
  if (isLength(declared)) {
    let bytes: ArrayBuffer
    try {
      bytes = await request.arrayBuffer()
    } catch {
      throw new HostError(400, "request.aborted", hostMessages.bodyAborted)
    }
    if (bytes.byteLength > limit) throw bodyTooLarge(limit)
    return new Uint8Array(bytes)
  }
  const reader = request.body.getReader()
  const body = new BodyBytes(limit)
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>
    try {
      step = await reader.read()
    } catch {
      throw new HostError(400, "request.aborted", hostMessages.bodyAborted)
    }
    if (step.done) break
    const size = body.size + step.value.byteLength
    if (size > limit) {
      await discard(reader, size, cap)
      throw bodyTooLarge(limit)
    }
    body.add(step.value)
  }
  return body.bytes()
}

/**
 * How many bytes past the limit are read and discarded before a 413: as
 * many as the limit allows, at least 64 KiB.
 *
 * @example
 * ```ts
 * drainBytes(1024 * 1024) //=> 1048576
 * ```
 */
export function drainBytes(limit: number): number {
  return Math.max(limit, 64 * 1024)
}

/**
 * How long the drain waits for the next bytes of an over-limit body before
 * answering the 413 anyway (a client that stalls gets its answer).
 *
 * @example
 * ```ts
 * drainIdleMs //=> 100
 * ```
 */
export const drainIdleMs = 100

/** Reads and drops chunks until the body ends, `cap` bytes were seen, or none came for `drainIdleMs`; then cancels. Never throws. */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, seen: number, cap: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const idle = () =>
    new Promise<undefined>((done) => {
      timer = setTimeout(() => done(undefined), drainIdleMs)
    })
  try {
    while (seen <= cap) {
      const step = await Promise.race([reader.read(), idle()])
      clearTimeout(timer)
      if (step === undefined) break
      if (step.done) return
      seen += step.value.byteLength
    }
    await reader.cancel()
  } catch {
    // An aborted or failing body: the answer is the 413 either way.
  }
}
