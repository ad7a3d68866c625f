/**
 * The `## WebSockets` section of BENCHMARKS.md, from the socket benchmark's rows.
 */
import { table } from "../common/markdown.js"
import { quickSocketLoad, socketLoad, type SocketResult } from "./socket-bench.js"

/**
 * The section: round trips per second, server CPU per message and memory per
 * idle socket, each with its ratio to `ws` used directly.
 *
 * @example
 * ```ts
 * socketSection(results.sockets ?? []).startsWith("## WebSockets") //=> true
 * ```
 */
export function socketSection(results: readonly SocketResult[]): string {
  // Each row against its runtime's peer: `ws` used directly on node, Hono's helper on Bun.
  const peerOf = (name: string) =>
    results.find((result) => result.name === (name.endsWith("on Bun") ? "hono on Bun" : "ws"))
  const load = results[0]?.idleSockets === quickSocketLoad.idle ? quickSocketLoad : socketLoad
  const ratio = (value: number, base: number | undefined) =>
    base === undefined || !Number.isFinite(value) || base === 0 ? "—" : `${(value / base).toFixed(2)}×`
  return [
    "## WebSockets",
    "",
    `Echo servers, each in its own child process on node:http, loaded from the benchmark process by \`ws\` clients: ` +
      `${load.clients} connections, each sending a message (\`{"$":"Say","text":"hello, sockets"}\`) and awaiting its ` +
      `echo before the next, for ${load.duration} s; ${load.rounds} interleaved rounds, the first dropped, medians. ` +
      `CPU is the server process's per message (in or out). Then ${load.idle.toLocaleString("en-US")} connections ` +
      "opened to a fresh server and left idle: its resident memory per socket. Ratios against the runtime's peer — " +
      "`ws` used directly on node, Hono's WebSocket helper on Bun (above 1: more round trips, more CPU, more memory).",
    "",
    table(
      ["server", "round trips / s", "vs peer", "CPU / message", "vs peer", "RSS / idle socket", "vs peer"],
      results.map((result) => {
        const peer = peerOf(result.name)
        return [
          result.name === "sitelets"
            ? "**sitelets node host**"
            : result.name.startsWith("sitelets")
              ? `**${result.name}**`
              : result.name,
          Math.round(result.roundTripsPerSecond).toLocaleString("en-US"),
          ratio(result.roundTripsPerSecond, peer?.roundTripsPerSecond),
          `${result.cpuUsPerMessage.toFixed(1)} µs`,
          ratio(result.cpuUsPerMessage, peer?.cpuUsPerMessage),
          `${(result.rssBytesPerIdleSocket / 1024).toFixed(1)} KiB`,
          ratio(result.rssBytesPerIdleSocket, peer?.rssBytesPerIdleSocket),
        ]
      }),
    ),
    "",
    ...results.map((result) => `- ${result.name}: ${result.note}.`),
  ].join("\n")
}
