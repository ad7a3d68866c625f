/**
 * `Router.CompileLinks(router)`: the source of an ES module that writes the
 * links of a declaration ahead of time — one function per case and per
 * composite type, each the link writer's steps for that case spelled out
 * (its literals, its fields' texts and checks, its query pairs), so a page
 * links through `CompiledLinks` without the declaration's readers, the
 * template parser or the generic writer. The module imports its helpers
 * (the same scalar texts, segment checks and failures as `Router.Infer`'s
 * link writer) from `sitelets/link`, and is checked against that writer:
 * the same URLs and the same `LinkError`s.
 */
import type { CaseDescriptor, Descriptor, RecordDescriptor, UnionDescriptor } from "../../descriptor/descriptor.js"
import { resolve } from "../../descriptor/composites.js"
import { defaultPathDateFormat } from "../../descriptor/date-format.js"
import { type LinkShape, linkShapes, nameOf } from "../link/link-fields.js"
import { linkNotInPath } from "../link/link-messages.js"
import { inferredDeclaration } from "../compiled-table.js"
import type { Router } from "../router.js"
import { compileMessages } from "./compile-messages.js"

const str = (text: string) => JSON.stringify(text)
const scalarHelpers: Readonly<Record<string, string>> = {
  int: "intText",
  float: "floatText",
  string: "stringText",
  bool: "boolText",
  bigint: "bigintText",
}

/** Writes the functions of one declaration's links: each composite type once (recursive ones included). */
class LinkSource {
  readonly imports = new Set<string>(["inField"])
  readonly constants: string[] = []
  readonly functions: string[] = []
  private readonly names = new Map<Descriptor, string>()
  private readonly texts = new Map<string, string>()
  private count = 0

  private use(name: string): string {
    this.imports.add(name)
    return name
  }

  /** The expression of a scalar's text, or undefined when `d` is no scalar. */
  text(d: Descriptor, value: string): string | undefined {
    const helper = scalarHelpers[d.kind]
    if (helper !== undefined) return `${this.use(helper)}(${value})`
    if (d.kind === "datetime" || d.kind === "enum") {
      const made =
        d.kind === "datetime"
          ? `${this.use("dateText")}(${str(d.format ?? defaultPathDateFormat)})`
          : `${this.use("enumText")}(${JSON.stringify(d.values)}).toText`
      let name = this.texts.get(made)
      if (name === undefined) {
        name = `t${this.texts.size}`
        this.texts.set(made, name)
        this.constants.push(`const ${name} = ${made}`)
      }
      return `${name}(${value})`
    }
    return undefined
  }

  /** A statement writing `value` (an expression read once) of descriptor `type` into path `o`. */
  path(type: Descriptor, value: string): string {
    const d = resolve(type)
    const text = this.text(d, value)
    if (text !== undefined) return `o.segments.push(${this.use("checkSegment")}(${text}))`
    return `${this.writer(d)}(${value}, o)`
  }

  /** The function writing a composite type into a path (made once per descriptor). */
  private writer(d: Descriptor): string {
    let name = this.names.get(d)
    if (name !== undefined) return name
    name = `w${this.count++}`
    this.names.set(d, name)
    const index = this.functions.push("") - 1
    this.functions[index] = `function ${name}(v, o) {\n${this.body(d)}}\n`
    return name
  }

  private body(d: Descriptor): string {
    switch (d.kind) {
      case "option":
        return `  if (v === undefined) o.segments.push("None")\n  else {\n    o.segments.push("Some")\n    ${this.path(d.of, "v")}\n  }\n`
      case "list":
        return `  if (!Array.isArray(v)) ${this.use("linkMismatch")}("an array", v)\n  o.segments.push(String(v.length))\n  v.forEach((x, i) => inField(\`[\${i}]\`, () => ${this.path(d.of, "x")}))\n`
      case "tuple":
        return `  if (!Array.isArray(v)) ${this.use("linkMismatch")}("a tuple", v)\n${d.items
          .map((item: Descriptor, i: number) => `  inField("[${i}]", () => ${this.path(item, `v[${i}]`)})\n`)
          .join("")}`
      case "record":
      case "case":
        return this.caseBody(d, undefined)
      case "union":
        return this.unionBody(d)
      default:
        return `  throw new TypeError(${str(linkNotInPath(d.kind))})\n`
    }
  }

  private unionBody(d: UnionDescriptor): string {
    let cases = ""
    for (const key of Object.keys(d.cases)) {
      const member = d.cases[key] as CaseDescriptor
      // A function of its own per case: its URL tag is the union's key (or its Name), not the member's alone.
      const name = `w${this.count++}`
      const index = this.functions.push("") - 1
      this.functions[index] = `function ${name}(v, o) {\n${this.caseBody(member, nameOf(member) ?? key, true)}}\n`
      cases += `    case ${str(key)}:\n      return inField(${str(key)}, () => ${name}(v, o))\n`
    }
    return `  const tag = typeof v === "object" && v !== null ? v.$ : undefined\n  switch (tag) {\n${cases}  }\n  ${this.use("linkUnknownCase")}(tag)\n`
  }

  /** The pairs a query, form, header or cookie field writes. */
  private pairs(type: Descriptor, key: string, value: string, target: string): string {
    const d = resolve(type)
    const several = d.kind === "list"
    const optional = d.kind === "option"
    const inner = optional || several ? resolve(d.of) : d
    if (inner.kind === "file")
      return `${this.use("linkFiles")}(${str(key)}, ${value}, ${target}, ${several}, ${optional})`
    const text = this.text(inner, "x")
    // No router is made of such a declaration: its parameters are scalars, options or lists of them.
    if (text === undefined) throw new TypeError(linkNotInPath(inner.kind))
    const check = this.use("checkQueryText")
    const push = `${target}.push([${check}(${str(key)}), ${check}(${text})])`
    if (several)
      return `{\n      const x0 = ${value};\n      if (!Array.isArray(x0)) ${this.use("linkMismatch")}("an array", x0)\n      for (const x of x0) ${push}\n    }`
    return `{\n      const x = ${value};\n      ${optional ? "if (x !== undefined) " : ""}${push}\n    }`
  }

  /** A case's or record's steps; a union's case (`tagged`) is an object already: its tag was read from it. */
  private caseBody(d: CaseDescriptor | RecordDescriptor, urlTag: string | undefined, tagged = false): string {
    const shape = linkShapes(d, urlTag)[0] as LinkShape
    let out = tagged ? "" : `  if (typeof v !== "object" || v === null) ${this.use("linkMismatch")}("an object", v)\n`
    const method = shape.methods?.[0]
    if (method !== undefined) out += `  o.method ??= ${str(method)}\n`
    for (const piece of shape.pieces) {
      if ("literal" in piece) {
        out += `  o.segments.push(${str(piece.literal)})\n`
        continue
      }
      const value = `v[${str(piece.field.name)}]`
      const write = piece.rest ? this.rest(piece.field.type, value) : this.path(piece.field.type, value)
      out += `  inField(${str(piece.field.name)}, () => ${write})\n`
    }
    let form = false
    for (const field of shape.fields) {
      if (field.source === "path" || field.source === "json") continue
      const target =
        field.source === "query"
          ? "o.query"
          : field.source === "form"
            ? "(f ??= [])"
            : field.source === "header"
              ? "(o.headers ??= [])"
              : "(o.cookies ??= [])"
      form ||= field.source === "form"
      const key = field.source === "header" ? field.key.toLowerCase() : field.key
      out += `  inField(${str(field.name)}, () => ${this.pairs(field.type, key, `v[${str(field.name)}]`, target)})\n`
    }
    // A form body as the link writer gives it (a JSON body's value is the typed client's to write: it has the codec).
    if (form) out = `  let f\n${out}  if (f) o.body = { kind: "form", fields: f }\n`
    return out
  }

  /** A wildcard's segments: a string's pieces between slashes, or a list's items. */
  private rest(type: Descriptor, value: string): string {
    const d = resolve(type)
    if (d.kind !== "list") return `${this.use("linkRest")}(${value}, o)`
    return `{\n    const x0 = ${value};\n    if (!Array.isArray(x0)) ${this.use("linkMismatch")}("an array", x0)\n    x0.forEach((x, i) => inField(\`[\${i}]\`, () => ${this.path(d.of, "x")}))\n  }`
  }
}

/**
 * The source of the ES module that writes the links of `router` (a router
 * of `Router.Infer`): `export function link(value, out)`, for
 * `CompiledLinks` of `sitelets/link`.
 *
 * @example
 * ```ts
 * writeFileSync("links.compiled.js", Router.CompileLinks(Router.Infer(Pages)))
 * ```
 */
export function compileLinks(router: Router<unknown>, command = "Router.CompileLinks"): string {
  const declaration = inferredDeclaration(router as object)
  if (declaration === undefined) throw new TypeError(compileMessages.compileNotInferred)
  const source = new LinkSource()
  const root = source.path(declaration, "v")
  const imports = [...source.imports].sort()
  return `// Generated by sitelets' Router.CompileLinks: do not edit. After changing the declaration, rerun ${command}.
import { ${imports.join(", ")} } from "sitelets/link"

${source.constants.map((line) => `${line}\n`).join("")}
${source.functions.join("\n")}
export function link(v, o) {
  ${root}
}
`
}
