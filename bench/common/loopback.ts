/**
 * Loopback helpers shared by the benchmark's runtime children and the
 * runtime matrix's launcher: a free port on 127.0.0.1, and whether a port
 * accepts connections yet.
 */
import { connect, createServer } from "node:net"

/**
 * A port free on 127.0.0.1 a moment ago (the OS picks it; it is released at once for the caller to bind).
 *
 * @example
 * ```ts
 * const port = await freePort()
 * ```
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/**
 * Whether something listens on 127.0.0.1 at `port` (one connection, closed at once).
 *
 * @example
 * ```ts
 * while (!(await accepts(port))) await new Promise((resolve) => setTimeout(resolve, 50))
 * ```
 */
export const accepts = (port: number): Promise<boolean> =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1")
    socket.on("connect", () => (socket.destroy(), resolve(true)))
    socket.on("error", () => resolve(false))
  })
