import type { FieldInput } from "../descriptor/descriptor.js"

/**
 * What the runtime parser accumulates while it scans a template: the extra
 * fields, the field names taken so far, and the fields in declaration order.
 * (The type level carries the same state as type parameters.)
 *
 * @example
 * ```ts
 * const state = templateState({ post: Json(Post) })
 * state.names.add("id"); state.fields.push(["id", t.int])
 * ```
 */
export interface TemplateState {
  readonly extra: Readonly<Record<string, FieldInput>>
  readonly names: Set<string>
  readonly fields: Array<readonly [name: string, field: FieldInput]>
}

/**
 * A fresh parser state for one template.
 *
 * @example
 * ```ts
 * templateState({}) //=> { extra: {}, names: Set {}, fields: [] }
 * ```
 */
export function templateState(extra: Readonly<Record<string, FieldInput>>): TemplateState {
  return { extra, names: new Set(), fields: [] }
}
