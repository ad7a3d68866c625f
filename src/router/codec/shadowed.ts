import { resolve } from "../../descriptor/composites.js"
import { acceptsMethod } from "./alternative.js"
import type { Alternative, Element } from "./shape.js"
import { textCodecOf } from "./scalar.js"

/** What one path element accepts, for comparison: a literal, a scalar kind, a wildcard, or an opaque codec. */
type Accepts =
  | { readonly literal: string }
  | { readonly scalar: string; readonly fromText: (text: string) => unknown }
  | { readonly wildcard: true }
  | { readonly opaque: unknown }

function acceptsOf(element: Element): Accepts {
  if ("literal" in element) return element
  if (element.wildcard) return resolve(element.type).kind === "string" ? { wildcard: true } : { opaque: element.codec }
  const d = resolve(element.type)
  const text = textCodecOf(d)
  if (!text) return { opaque: element.codec }
  // Two dates with different formats, or two enums, accept different texts: compare them as opaque.
  if (d.kind === "datetime" || d.kind === "enum") return { opaque: element.codec }
  return { scalar: text.kind, fromText: text.fromText }
}

/** Whether every segment `b` accepts is accepted by `a`. */
function covers(a: Accepts, b: Accepts): boolean {
  if ("literal" in a) return "literal" in b && a.literal === b.literal
  if ("scalar" in a) {
    if (a.scalar === "string") return "literal" in b || "scalar" in b
    if ("literal" in b) return a.fromText(b.literal) !== undefined
    return "scalar" in b && b.scalar === a.scalar
  }
  if ("opaque" in a) return "opaque" in b && a.opaque === b.opaque
  return false
}

function requirements(alternative: Alternative): Set<string> {
  const out = new Set<string>()
  const { shape } = alternative
  for (const param of shape.params) {
    if (!param.codec.kind.startsWith("option:") && !param.codec.kind.startsWith("list:"))
      out.add(`${param.source}:${param.key}:${param.codec.kind}`)
  }
  if (shape.json) out.add("json")
  return out
}

/** Whether alternative `a`, declared earlier, wins every request `b` would accept. */
function shadows(a: Alternative, b: Alternative): boolean {
  if (
    a.methods !== undefined &&
    (b.methods === undefined || [...b.methods].some((method) => !acceptsMethod(a.methods, method)))
  )
    return false
  const needs = requirements(a)
  const has = requirements(b)
  for (const need of needs) if (!has.has(need)) return false
  if (a.shape.json && b.shape.json && a.shape.json.descriptor !== b.shape.json.descriptor) return false
  for (let i = 0; i < a.elements.length; i++) {
    const accepts = acceptsOf(a.elements[i] as Element)
    if ("wildcard" in accepts) return i === a.elements.length - 1 && i <= b.elements.length
    const other = b.elements[i]
    if (other === undefined || !covers(accepts, acceptsOf(other))) return false
  }
  return a.elements.length === b.elements.length
}

/**
 * The cases that can never match because an earlier case always wins (the
 * same template; a string hole before an identical literal; a wildcard
 * before a longer path…), as `"Case (shadowed by Earlier)"`. Conservative:
 * a case listed here is certainly unreachable; nested records, lists and
 * unions are compared by identity only.
 *
 * @example
 * ```ts
 * shadowedCases(alternatives) //=> ["BlogAbout (shadowed by BlogPost)"]
 * ```
 */
export function shadowedCases(alternatives: readonly Alternative[]): string[] {
  const out: string[] = []
  const names = [...new Set(alternatives.map((alternative) => alternative.shape.caseName))]
  for (const name of names) {
    const own = alternatives.filter((alternative) => alternative.shape.caseName === name)
    const firstRank = alternatives.indexOf(own[0] as Alternative)
    const earlier = alternatives.slice(0, firstRank)
    const by = own.map((alternative) => earlier.find((candidate) => shadows(candidate, alternative)))
    if (by.every((winner) => winner !== undefined)) {
      const winners = [...new Set(by.map((winner) => winner?.shape.caseName))]
      out.push(`${name} (shadowed by ${winners.join(", ")})`)
    }
  }
  return out
}
