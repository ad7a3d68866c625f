/**
 * A union with every template case as its parsed descriptor (read after the
 * template parser loaded): the light tiers' other path, beside templates
 * they read themselves.
 *
 * @example
 * ```ts
 * const eager = parsedUnion(Site) // the same routes, each case { kind: "case", fields, attributes }
 * ```
 */
import type { UnionDescriptor } from "../../src/descriptor/descriptor.js"
import { t } from "../../src/descriptor/t.js"

export function parsedUnion<U extends UnionDescriptor<any, any>>(union: U): U {
  return t.union(
    Object.fromEntries(
      Object.entries(union.cases as Record<string, { fields: unknown; attributes: unknown }>).map(([key, member]) => [
        key,
        Object.freeze({ kind: "case", fields: member.fields, attributes: member.attributes }),
      ]),
    ) as never,
  ) as unknown as U
}
