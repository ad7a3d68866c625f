/**
 * `Expect: 100-continue` on node:http. Without a `checkContinue` listener
 * Node writes `100 Continue` before the request listener runs, so a client
 * sends a body the route then refuses (413). Given `handler.checkContinue`
 * as that listener, the host writes `100 Continue` only when a case asks
 * for the body within its limit: a declared length over the route's limit
 * is answered 413 at once, and a request no case reads the body of is
 * answered without it.
 */
import type { IncomingMessage, ServerResponse } from "node:http"

// Requests that came through `checkContinue` and have not been told to continue yet.
const waiting = new WeakSet<IncomingMessage>()

/**
 * The server's `checkContinue` listener for a request listener: the
 * request is served as any other, and told to continue when its body is
 * read.
 *
 * @example
 * ```ts
 * server.on("checkContinue", continueListener(listener))
 * ```
 */
export function continueListener(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    waiting.add(req)
    listener(req, res)
  }
}

/**
 * Writes `100 Continue` if the request still waits for it (a body is about
 * to be read within its limit, or the request goes on to another
 * middleware); at most once. A request never told stays out of it: its
 * answer (a 413) is what the client gets.
 *
 * @example
 * ```ts
 * continueIfWaiting(req, res)
 * return next()
 * ```
 */
export function continueIfWaiting(req: IncomingMessage, res: ServerResponse): void {
  if (waiting.delete(req) && !res.headersSent) res.writeContinue()
}
