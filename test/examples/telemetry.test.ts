/**
 * Issue 38, items 4 and 5: `npm start` with `OTEL_EXPORTER_OTLP_ENDPOINT`
 * set exports traces and metrics with the official OTLP/HTTP exporters —
 * checked against a loopback receiver standing in for a collector: the
 * spans arrive named by route, with the service's name, and the request
 * duration metric with them; the start line says where they go.
 */
import { spawn } from "node:child_process"
import { createServer, request } from "node:http"
import type { AddressInfo } from "node:net"
import { gunzipSync } from "node:zlib"
import { afterAll, describe, expect, it } from "vitest"

// What the collector received: path and JSON body of each export.
const received: Array<{ path: string; body: unknown }> = []
const collector = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on("data", (chunk: Buffer) => chunks.push(chunk))
  req.on("end", () => {
    const raw = Buffer.concat(chunks)
    const text = (req.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8")
    received.push({
      path: req.url ?? "",
      body: req.headers["content-type"]?.includes("json") ? JSON.parse(text) : text,
    })
    res.writeHead(200, { "content-type": "application/json" }).end("{}")
  })
})
afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())))

const get = (port: number, path: string) =>
  new Promise<number>((resolve, reject) => {
    request({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      res.resume()
      res.on("end", () => resolve(res.statusCode ?? 0))
    })
      .on("error", reject)
      .end()
  })

// Span names and their http.route, from the OTLP/JSON export requests.
function spansOf(bodies: unknown[]) {
  type Export = { resourceSpans?: Array<{ resource: Resource; scopeSpans: Array<{ spans: Span[] }> }> }
  type Resource = { attributes: Attribute[] }
  type Span = { name: string; attributes: Attribute[] }
  type Attribute = { key: string; value: { stringValue?: string; intValue?: string | number } }
  return (bodies as Export[]).flatMap((body) =>
    (body.resourceSpans ?? []).flatMap(({ resource, scopeSpans }) =>
      scopeSpans.flatMap(({ spans }) =>
        spans.map((span) => ({
          name: span.name,
          service: resource.attributes.find((a) => a.key === "service.name")?.value.stringValue,
          route: span.attributes.find((a) => a.key === "http.route")?.value.stringValue,
        })),
      ),
    ),
  )
}

describe("npm start with OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  it("exports spans named by route and the request metrics over OTLP/HTTP", async () => {
    await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve))
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`
    const child = spawn(process.execPath, ["--import", "tsx", "examples/site/main.ts"], {
      env: { ...process.env, PORT: "0", QUIET: "1", OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: "blog" },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString()
        const match = /http:\/\/localhost:(\d+)[\s\S]*telemetry: /.exec(output)
        if (match && output.includes("\n", output.indexOf("telemetry: "))) resolve(Number(match[1]))
      })
      void exited.then((code) => reject(new Error(`exited with ${code}: ${output}`)))
    })
    expect(output).toContain(`telemetry: traces and metrics over OTLP/HTTP to ${endpoint}`)
    expect(await get(port, "/blog")).toBe(200)
    expect(await get(port, "/api/articles/1")).toBe(200)
    expect(await get(port, "/no/such/page")).toBe(404)
    // SIGTERM: the server closes, and the SDK sends what it batched before the process exits.
    child.kill("SIGTERM")
    expect(await exited).toBe(0)
    const traces = received.filter((r) => r.path === "/v1/traces").map((r) => r.body)
    const spans = spansOf(traces)
    expect(spans).toContainEqual({ name: "GET /blog", service: "blog", route: "/blog" })
    expect(spans).toContainEqual({ name: "GET /api/articles/{id}", service: "blog", route: "/api/articles/{id}" })
    expect(spans.find((span) => span.name === "GET")?.route).toBeUndefined()
    const metrics = JSON.stringify(received.filter((r) => r.path === "/v1/metrics").map((r) => r.body))
    expect(metrics).toContain("http.server.request.duration")
    expect(metrics).toContain("/api/articles/{id}")
  })
})
