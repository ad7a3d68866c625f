import { lazy, list, map, option, record, tuple } from "./composites.js"
import { bigint, bool, datetime, enumOf, file, float, int, string } from "./primitives.js"
import { caseOf, union } from "./union.js"

/**
 * The descriptor builders. A descriptor is plain data describing a type;
 * `Infer<typeof d>` is that type. The same descriptor drives routing, links,
 * the JSON codec and test arbitraries.
 *
 * @example
 * ```ts
 * const Post = t.record({ id: t.int, title: t.string, tags: t.list(t.string) })
 * const Site = t.union({ Home: "GET /", Post: t.case("POST /posts", { post: Json(Post) }) })
 * ```
 */
export const t = Object.freeze({
  int,
  float,
  string,
  bool,
  bigint,
  datetime,
  file,
  enum: enumOf,
  option,
  list,
  array: list,
  tuple,
  record,
  union,
  case: caseOf,
  map,
  lazy,
})
