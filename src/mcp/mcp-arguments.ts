/**
 * A request read back as a tool call: the inverse of `toolRequest`
 * (mcp-call.ts). The tool is the one whose request it is — the same
 * method, a path its OpenAPI path matches, no query key, form key or
 * cookie it does not take — and its arguments are read from where that
 * request puts them, each as the JSON value its schema names when the text
 * reads back exactly (`"7"` as `7` for an integer, `"true"` as `true`),
 * else as the text: either way the server writes the same request again.
 * A path argument of several segments is their text joined by slashes, or
 * their array where one of them has a slash of its own.
 */
import { parseCookieHeader } from "../router/request/cookie-header.js"
import { decodeComponent } from "../router/request/percent.js"
import type { ToolParameter } from "./mcp-tools.js"
import type { ServedTool } from "./mcp-fetch.js"

/** A tool call: the tool's name and its arguments. */
export interface ToolCall {
  readonly name: string
  readonly arguments: Record<string, unknown>
}

type Schema = { readonly type?: unknown; readonly items?: Schema }

const types = (schema: Schema | undefined): readonly unknown[] =>
  Array.isArray(schema?.type) ? schema.type : [schema?.type]

/** A text as its schema's JSON value, when it reads back as the same text; else the text. */
function valueOf(text: string, schema: Schema | undefined): unknown {
  const allowed = types(schema)
  if ((allowed.includes("integer") || allowed.includes("number")) && text !== "" && String(Number(text)) === text)
    return Number(text)
  if (allowed.includes("boolean") && (text === "true" || text === "false")) return text === "true"
  return text
}

/** The texts of one key (a query's, a form's) as an argument: an array where the schema takes one. */
function valuesOf(texts: readonly string[], schema: Schema | undefined): unknown {
  if (types(schema).includes("array")) return texts.map((text) => valueOf(text, schema?.items))
  return texts.length === 1 ? valueOf(texts[0]!, schema) : undefined
}

/** Whether the tool's OpenAPI path matches a request's path; its arguments go `into`. */
function pathArguments(
  template: string,
  parameters: readonly ToolParameter[],
  path: string,
  into: Record<string, unknown>,
  schemas: Readonly<Record<string, Schema>>,
): boolean {
  const wanted = template.split("/").slice(1)
  const given = path.split("/").slice(1)
  let j = 0
  for (let i = 0; i < wanted.length; i++) {
    const part = wanted[i]!
    const name = part.startsWith("{") && part.endsWith("}") ? part.slice(1, -1) : undefined
    if (name === undefined) {
      if (j >= given.length || decodeComponent(given[j++]!) !== part) return false
      continue
    }
    const segments = parameters.find((parameter) => parameter.name === name)?.segments === true
    // A parameter of several segments takes what the parts after it leave.
    const count = segments ? given.length - j - (wanted.length - i - 1) : 1
    if (count < 1 || j + count > given.length) return false
    const texts = given.slice(j, j + count).map((segment) => decodeComponent(segment))
    if (texts.some((text) => text === undefined || text === "")) return false
    const text = (texts as string[]).join("/")
    // Several segments: joined by slashes, or as an array where one of them has a slash of its own.
    into[name] = !segments ? valueOf(text, schemas[name]) : texts.some((t) => t!.includes("/")) ? texts : text
    j += count
  }
  return j === given.length
}

/** The key/value pairs of a query or form as texts by key. */
function grouped(params: URLSearchParams): Map<string, string[]> {
  const keys = new Map<string, string[]>()
  for (const [key, value] of params) keys.set(key, [...(keys.get(key) ?? []), value])
  return keys
}

/** Texts by key into arguments, when each key is one the tool takes. */
function keyed(
  keys: Map<string, string[]>,
  takes: (key: string) => boolean,
  schemas: Readonly<Record<string, Schema>>,
  into: Record<string, unknown>,
): boolean {
  for (const [key, texts] of keys) {
    if (!takes(key)) return false
    const value = valuesOf(texts, schemas[key])
    if (value === undefined) return false
    into[key] = value
  }
  return true
}

/** The call of one tool a request stands for, or undefined when it is not that tool's request. */
function callOf(tool: ServedTool, request: Request, body: string): ToolCall | undefined {
  const { method, path, parameters } = tool.request
  if (method !== request.method) return undefined
  const schemas = tool.schemas as Readonly<Record<string, Schema>>
  const url = new URL(request.url)
  const args: Record<string, unknown> = {}
  if (!pathArguments(path, parameters, url.pathname, args, schemas)) return undefined
  const takes = (where: ToolParameter["in"]) => (key: string) =>
    parameters.some((parameter) => parameter.in === where && parameter.name === key)
  if (!keyed(grouped(url.searchParams), takes("query"), schemas, args)) return undefined
  const cookies = parseCookieHeader(request.headers.get("cookie"))
  for (const parameter of parameters) {
    if (parameter.in === "header") {
      const value = request.headers.get(parameter.name)
      if (value !== null) args[parameter.name] = valueOf(value, schemas[parameter.name])
    } else if (parameter.in === "cookie") {
      const value = cookies.get(parameter.name)
      if (value !== undefined) args[parameter.name] = valueOf(value, schemas[parameter.name])
    }
  }
  const form = tool.request.body
  if (form?.kind === "json") {
    if (body !== "") args[form.argument] = JSON.parse(body)
  } else if (form?.kind === "form") {
    const keys = form.keys
    if (!keyed(grouped(new URLSearchParams(body)), (key) => keys.includes(key), schemas, args)) return undefined
  } else if (body !== "") return undefined
  return { name: tool.name, arguments: args }
}

/**
 * The tool call a request stands for: the first listed tool whose request
 * it is, with its arguments; undefined when no tool makes it.
 *
 * @example
 * ```ts
 * await toolArguments(tools, new Request("http://localhost/api/users/1"))
 * //=> { name: "GetUser", arguments: { id: 1 } }
 * ```
 */
export async function toolArguments(tools: readonly ServedTool[], request: Request): Promise<ToolCall | undefined> {
  const body = request.body === null ? "" : await request.text()
  for (const tool of tools) {
    const call = callOf(tool, request, body)
    if (call !== undefined) return call
  }
  return undefined
}
