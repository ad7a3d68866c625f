/**
 * Reads a `node:http` request body with a size limit counted on the
 * actual bytes. Nothing touches the stream until a matching case asks
 * for the body, so Connect fall-through leaves it intact.
 */
import type { IncomingMessage } from "node:http"
import { BodyBytes } from "../body-bytes.js"
import { bodyTooLarge, declaresOver } from "../body-limit.js"
import { HostError, hostMessages } from "../host-errors.js"

/**
 * The body bytes, or a `HostError`: 413 over `limit` (from the declared
 * length, or at the first byte over it), 400 when the client aborts.
 *
 * @example
 * ```ts
 * const bytes = await readNodeBody(req, 1024 * 1024)
 * ```
 */
export function readNodeBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  if (declaresOver(req.headers["content-length"], limit)) return Promise.reject(bodyTooLarge(limit))
  if (req.readableEnded) return Promise.resolve(new Uint8Array(0))
  return new Promise((resolve, reject) => {
    // Chunks are copied into one buffer bounded by the limit, as on the Fetch hosts (body-bytes.ts).
    const body = new BodyBytes(limit)
    const cleanup = () => {
      req.off("data", onData)
      req.off("end", onEnd)
      req.off("error", onAbort)
      req.off("close", onClose)
    }
    const fail = (error: HostError) => {
      cleanup()
      // Stop reading; the response sets `Connection: close`, so the rest is never parsed.
      req.pause()
      reject(error)
    }
    const onData = (chunk: Buffer) => {
      if (body.size + chunk.byteLength > limit) fail(bodyTooLarge(limit))
      else body.add(chunk)
    }
    const onEnd = () => {
      cleanup()
      resolve(body.bytes())
    }
    const onAbort = () => fail(new HostError(400, "request.aborted", hostMessages.bodyAborted))
    const onClose = () => {
      if (!req.complete) onAbort()
    }
    req.on("data", onData)
    req.on("end", onEnd)
    req.on("error", onAbort)
    req.on("close", onClose)
  })
}
