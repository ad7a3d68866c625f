/**
 * The absolute-form split, rewritten to scan by char code (every Fetch
 * request arrives in this form), agrees with the plain-string version it
 * replaced on adversarial targets.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { parseTarget } from "../../../src/router/request/target.js"

/** The previous implementation, kept as the oracle. */
function reference(target: string): string | undefined {
  const isPort = (text: string) => {
    if (text[0] !== ":" || text.length > 6) return false
    for (let i = 1; i < text.length; i++) if (text.charCodeAt(i) < 48 || text.charCodeAt(i) > 57) return false
    return true
  }
  const colon = target.indexOf("://")
  if (colon <= 0) return undefined
  for (let i = 0; i < colon; i++) {
    const code = target.charCodeAt(i) | 0x20
    const ok =
      (code >= 97 && code <= 122) ||
      (i > 0 && ((code >= 48 && code <= 57) || code === 0x2b || code === 0x2d || code === 0x2e))
    if (!ok) return undefined
  }
  let end = colon + 3
  while (end < target.length && target[end] !== "/" && target[end] !== "?" && target[end] !== "#") end++
  const authority = target.slice(colon + 3, end)
  const host = authority.slice(authority.lastIndexOf("@") + 1)
  if (host === "" || host.startsWith(":")) return undefined
  const port = host.startsWith("[")
    ? host.slice(host.indexOf("]") + 1)
    : host.slice(host.includes(":") ? host.indexOf(":") : host.length)
  if (port !== "" && !isPort(port)) return undefined
  const rest = target.slice(end)
  return rest.startsWith("/") ? rest : "/" + rest
}

const notAPath = "the request target is neither a path nor an absolute URL"
/** What parseTarget makes of the split: the path and query it routes, or that the target is refused. */
const routed = (originForm: string | undefined) =>
  originForm === undefined
    ? notAPath
    : (({ path, segments, query, bad }) => ({ path, segments, query: [...query], bad }))(parseTarget(originForm))
const viaParse = (target: string) => {
  const parsed = parseTarget(target)
  return parsed.bad === notAPath
    ? notAPath
    : { path: parsed.path, segments: parsed.segments, query: [...parsed.query], bad: parsed.bad }
}

describe("absolute-form targets", () => {
  const pieces = fc.constantFrom(
    "http",
    "https",
    "h",
    "1x",
    "+",
    "://",
    ":",
    "@",
    "[",
    "]",
    "::1",
    "80",
    "8080",
    "123456",
    "/",
    "?",
    "#",
    "a",
    "x.y",
    "%",
    "/admin",
    "?next=/admin",
    "",
  )
  it("split exactly as the plain-string version did", () => {
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 10 }).map((parts) => parts.join("")),
        (target) => {
          fc.pre(target.charCodeAt(0) !== 47)
          expect(viaParse(target)).toEqual(routed(reference(target)))
        },
      ),
      { numRuns: 2000 },
    )
  })
  it.each([
    ["http://localhost?next=/admin/x", "/"],
    ["http://h:8080/a?b", "/a"],
    ["http://u:p@h/a", "/a"],
    ["http://[::1]:80/a", "/a"],
  ])("%s routes %s", (target, path) => {
    expect(parseTarget(target).path).toBe(path)
  })
  it.each(["http://[::1/a", "http://[abc/x", "http://h:bad/a", "http://h:123456/a", "http://:80/a", "http://@/a"])(
    "%s is refused",
    (target) => {
      expect(parseTarget(target).bad).toBe(notAPath)
    },
  )
})
