// biome-ignore-all format: a table, one row per line
/**
 * The shared case table: hostile inputs from RELIABILITY.md with the answer
 * every host must give. `status` applies to all hosts unless a host has its
 * own entry (`fetch`: a WHATWG `Request` resolves dot segments and `\`
 * before any handler sees the URL, so it cannot see the raw target).
 * Under Connect, 4xx answers arrive through `next(err)` (the test app's
 * error handler) and fall-through through `next()` (its 404 fallback).
 */
import type { RawRequest } from "./harness.js"

export interface HardeningCase extends RawRequest {
  readonly name: string
  /** RELIABILITY.md checklist ids. */
  readonly ids: string
  readonly status: number
  readonly fetch?: number
  /** What the in-process Fetch host answers, when no wire can carry the case to it (a `Request` built here). */
  readonly inProcess?: number
  /** The response body must equal this (all hosts), when given. */
  readonly answer?: string
  /** The body must never contain this. */
  readonly never?: string
  /** Node's HTTP parser answers before any application code (no Connect error handler involved). */
  readonly parser?: true
}

const json = { "content-type": "application/json" }
const form = { "content-type": "application/x-www-form-urlencoded" }
const boundary = "XbOuNdArYx"
const multipart = { "content-type": `multipart/form-data; boundary=${boundary}` }
const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
const closing = `--${boundary}--\r\n`
const nested = (depth: number) => '{"kids":['.repeat(depth) + '{"kids":[]}' + "]}".repeat(depth)

export const cases: readonly HardeningCase[] = [
  // A2: malformed percent-encoding, overlong UTF-8, lone surrogates.
  { name: "lone %", ids: "A2", target: "/files/%", status: 400 },
  { name: "bad hex %zz", ids: "A2", target: "/item/%zz", status: 400 },
  { name: "truncated UTF-8", ids: "A2", target: "/files/%E0%A4%A", status: 400 },
  { name: "overlong UTF-8 ..", ids: "A2", target: "/files/%C0%AE%C0%AE", status: 400 },
  { name: "lone surrogate", ids: "A2", target: "/files/%ED%A0%80", status: 400 },
  { name: "bad escape in query", ids: "A2", target: "/?q=%E0%A4%A", status: 400 },
  // A3/A4: %2F stays in its segment; decoded exactly once.
  { name: "%2F inside a segment", ids: "A3", target: "/files/a%2Fb", status: 200, answer: "file:a/b" },
  { name: "%5C inside a segment", ids: "A3", target: "/files/a%5Cb", status: 200, answer: "file:a\\b" },
  { name: "double encoding", ids: "A4", target: "/files/%252e%252e%252f", status: 200, answer: "file:%2e%2e%2f" },
  // A5: dot segments and backslashes never reach a typed segment.
  { name: "literal ..", ids: "A5", target: "/files/..", status: 400, fetch: 200, never: "file:.." },
  { name: "encoded ..", ids: "A5", target: "/files/%2e%2e", status: 400, fetch: 200, never: "file:.." },
  { name: "dot-dot to admin", ids: "A5", target: "/files/../admin/x", status: 400, fetch: 307, never: "admin:" },
  { name: "backslash", ids: "A5", target: "/files/a\\..\\b", status: 400, fetch: 200, never: ".." },
  { name: "fullwidth solidus is data", ids: "A10", target: "/files/%EF%BC%8F..", status: 200, answer: "file:／.." },
  // A6/F5: spellings of a protected URL are guarded or rejected, never served.
  { name: "//admin", ids: "A6 F5", target: "//admin/x", status: 307, never: "admin:" },
  { name: "admin trailing slash", ids: "A6 F5", target: "/admin/x/", status: 307, never: "admin:" },
  { name: "admin %2F", ids: "A3 F5", target: "/admin%2Fx", status: 404, never: "admin:" },
  { name: "ADMIN case", ids: "A6", target: "/ADMIN/x", status: 404, never: "admin:" },
  { name: "%61dmin", ids: "A6 F5", target: "/%61dmin/x", status: 307, never: "admin:" },
  { name: "skip-auth header", ids: "F5", target: "/admin/x", headers: { "x-middleware-subrequest": "1" }, status: 307, never: "admin:" },
  // A7: absolute-form targets.
  { name: "absolute-form query is not the path", ids: "A7", target: "http://localhost?next=/admin/x", status: 200, answer: "home" },
  { name: "malformed absolute-form", ids: "A7", target: "http://h:bad/admin/x", status: 400 },
  // A8: NUL in a typed segment.
  { name: "NUL in an int segment", ids: "A8", target: "/item/%00", status: 404 },
  // A raw NUL byte in the request line: the HTTP parser's refusal (a Request built in process encodes it as %00).
  { name: "raw NUL in the target", ids: "A8", target: "/item/\u0000", status: 400, inProcess: 404, parser: true },
  // A9/B1: URL length and parameter count, never silent truncation.
  { name: "URL over 8 KiB", ids: "A9", target: "/files/" + "a".repeat(9000), status: 414 },
  { name: "1001 query parameters", ids: "B1", target: "/?" + "a=1&".repeat(1001), status: 414 },
  { name: "1000 query parameters", ids: "B1", target: "/?" + "a=1&".repeat(999) + "a=1", status: 200, answer: "home" },
  // C2: body limits on real bytes.
  { name: "declared body over 1 MiB", ids: "C2", method: "POST", target: "/upload", body: "x".repeat(1024 * 1024 + 1), status: 413 },
  { name: "chunked body over 1 MiB", ids: "C2", method: "POST", target: "/upload", body: "x".repeat(1024 * 1024 + 1), chunked: 65536, status: 413 },
  { name: "body of exactly 1 MiB", ids: "C2", method: "POST", target: "/upload", body: "x".repeat(1024 * 1024), status: 200, answer: "upload:1048576" },
  { name: "multibyte body counted in bytes", ids: "C2", method: "POST", target: "/upload", body: "é".repeat(600 * 1024), status: 413 },
  // C1/B3: prototype names never pollute.
  { name: "__proto__ key in JSON", ids: "C1", method: "POST", target: "/echo", headers: json, body: '{"__proto__":{"polluted":1},"title":"t","n":1}', status: 200, answer: "echo:t:1:title,n" },
  { name: "escaped __proto__ key", ids: "C1", method: "POST", target: "/echo", headers: json, body: '{"\\u005f_proto__":{"polluted":1},"title":"t","n":1}', status: 200, answer: "echo:t:1:title,n" },
  { name: "constructor.prototype in JSON", ids: "C1", method: "POST", target: "/echo", headers: json, body: '{"constructor":{"prototype":{"polluted":1}},"title":"t","n":2}', status: 200, answer: "echo:t:2:title,n" },
  { name: "__proto__ in a form", ids: "B3", method: "POST", target: "/form", headers: form, body: "__proto__=x&constructor=y&name=ann", status: 200, answer: "form:ann" },
  // C4/C6: JSON depth and bigint digits.
  { name: "JSON depth 10", ids: "C4", method: "POST", target: "/tree", headers: json, body: nested(10), status: 200, answer: "tree" },
  { name: "JSON depth 100", ids: "C4", method: "POST", target: "/tree", headers: json, body: nested(100), status: 400 },
  { name: "JSON depth 50000", ids: "C4", method: "POST", target: "/tree", headers: json, body: nested(50_000), status: 400 },
  { name: "bigint of 1000 digits", ids: "C6", method: "POST", target: "/big", headers: json, body: `"${"9".repeat(1000)}"`, status: 200, answer: "big:1000" },
  { name: "bigint of 1001 digits", ids: "C6", method: "POST", target: "/big", headers: json, body: `"${"9".repeat(1001)}"`, status: 400 },
  // C8/C9/C10/C11: Content-Type, charset, UTF-8, empty body on a Json case.
  { name: "text/plain on a Json case", ids: "C8", method: "POST", target: "/echo", headers: { "content-type": "text/plain" }, body: '{"title":"t","n":1}', status: 415 },
  { name: "no Content-Type on a Json case", ids: "C8 F6", method: "POST", target: "/echo", body: '{"title":"t","n":1}', status: 415 },
  { name: "empty Content-Type on a Json case", ids: "C8 F6", method: "POST", target: "/echo", headers: { "content-type": "" }, body: '{"title":"t","n":1}', status: 415 },
  { name: "application/jsonx", ids: "C8", method: "POST", target: "/echo", headers: { "content-type": "application/jsonx" }, body: '{"title":"t","n":1}', status: 415 },
  { name: "Content-Type: constructor", ids: "C9", method: "POST", target: "/echo", headers: { "content-type": "constructor" }, body: "{}", status: 415 },
  { name: "mixed-case JSON type", ids: "C8", method: "POST", target: "/echo", headers: { "content-type": "Application/JSON ; charset=UTF-8" }, body: '{"title":"t","n":3}', status: 200, answer: "echo:t:3:title,n" },
  { name: "charset utf-16", ids: "C10", method: "POST", target: "/echo", headers: { "content-type": "application/json; charset=utf-16" }, body: '{"title":"t","n":1}', status: 415 },
  { name: "charset latin1", ids: "C10", method: "POST", target: "/echo", headers: { "content-type": "application/json; charset=latin1" }, body: '{"title":"t","n":1}', status: 415 },
  { name: "invalid UTF-8 in JSON", ids: "C10", method: "POST", target: "/echo", headers: json, body: new Uint8Array([...Buffer.from('{"title":"'), 0xc0, 0xae, ...Buffer.from('","n":1}')]), status: 400 },
  { name: "empty JSON body", ids: "C11", method: "POST", target: "/echo", headers: json, body: "", status: 400 },
  { name: "wrong JSON shape", ids: "C12", method: "POST", target: "/echo", headers: json, body: '{"title":1,"n":"x"}', status: 400 },
  { name: "form charset bogus", ids: "B5", method: "POST", target: "/form", headers: { "content-type": "application/x-www-form-urlencoded; charset=bogus" }, body: "name=ann", status: 415 },
  { name: "1001 form parameters", ids: "B1", method: "POST", target: "/form", headers: form, body: "name=a" + "&a=1".repeat(1000), status: 413 },
  // E1/E2/B3: multipart form data.
  { name: "multipart form", ids: "E2", method: "POST", target: "/form", headers: multipart, body: part("name", "ann") + closing, status: 200, answer: "form:ann" },
  { name: "multipart prototype names", ids: "B3", method: "POST", target: "/form", headers: multipart, body: part("__proto__", "x") + part("constructor", "y") + part("name", "ann") + closing, status: 200, answer: "form:ann" },
  { name: "truncated multipart", ids: "E2", method: "POST", target: "/form", headers: multipart, body: part("name", "ann").slice(0, -10), status: 400 },
  { name: "multipart without boundary", ids: "E2", method: "POST", target: "/form", headers: { "content-type": "multipart/form-data" }, body: part("name", "ann") + closing, status: 400 },
  { name: "1001 multipart parts", ids: "E1", method: "POST", target: "/form", headers: multipart, body: part("name", "ann") + part("a", "1").repeat(1000) + closing, status: 413 },
  { name: "1000 multipart parts", ids: "E1", method: "POST", target: "/form", headers: multipart, body: part("name", "ann") + part("a", "1").repeat(999) + closing, status: 200, answer: "form:ann" },
  // D5: an unmatched POST falls through (Connect: the next middleware reads the body).
  { name: "unmatched POST", ids: "D5", method: "POST", target: "/nowhere", body: "hello", status: 404 },
  // D6: a handler that throws.
  { name: "handler throws", ids: "D6", target: "/boom", status: 500 },
  // C5/C7/C10: numbers, duplicate keys, BOM.
  { name: "1e400 for an int", ids: "C5", method: "POST", target: "/echo", headers: json, body: '{"title":"t","n":1e400}', status: 400 },
  { name: "unsafe integer", ids: "C5", method: "POST", target: "/echo", headers: json, body: '{"title":"t","n":9007199254740993}', status: 400 },
  { name: "1.5 for an int", ids: "C5", method: "POST", target: "/echo", headers: json, body: '{"title":"t","n":1.5}', status: 400 },
  { name: "duplicate keys: last wins, one parse", ids: "C7", method: "POST", target: "/echo", headers: json, body: '{"title":"a","title":"b","n":1}', status: 200, answer: "echo:b:1:title,n" },
  // RFC 8259 §8.1 lets a parser ignore a BOM; the UTF-8 decoder drops it.
  { name: "UTF-8 BOM is ignored", ids: "C10", method: "POST", target: "/echo", headers: json, body: '\uFEFF{"title":"t","n":1}', status: 200, answer: "echo:t:1:title,n" },
  // RFC 9112 §3.2: a request with more than one Host is a 400 (a Request built in process has one Host at most).
  { name: "repeated Host", ids: "RFC9112", target: "/item/1", extraHeaders: [["Host", "evil.example"]], status: 400, inProcess: 200 },
  // A11/A12: methods.
  { name: "HEAD on a GET case", ids: "A11", method: "HEAD", target: "/item/1", status: 200, answer: "" },
  { name: "method CONSTRUCTOR", ids: "A11", method: "CONSTRUCTOR", target: "/item/1", status: 400, fetch: 404, parser: true },
  { name: "method override header ignored", ids: "A12", method: "POST", target: "/item/1", headers: { "x-http-method-override": "GET" }, status: 404 },
  // A11: method-looking names.
  { name: "wrong method on a GET case", ids: "A11", method: "DELETE", target: "/item/1", status: 404 },
]
