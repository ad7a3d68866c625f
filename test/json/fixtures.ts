/**
 * Descriptors shared by the JSON tests: every kind and attribute, plus a
 * recursive one. Laws are run over all of them.
 */
import { DateTimeFormat, Name, NamedUnionCases, Query } from "../../src/descriptor/attributes.js"
import type { Descriptor, RecordDescriptor } from "../../src/descriptor/descriptor.js"
import { t } from "../../src/descriptor/t.js"

export const Access = t.enum({ Read: 1, Write: 2 })

export const User = t.record({
  id: t.int,
  name: t.string,
  email: t.option(t.string),
  score: t.float,
  admin: t.bool,
  joined: t.datetime,
  access: Access,
})

export const Event = t.union({
  Click: t.case({ x: t.int, y: t.int, at: t.datetime }),
  Key: t.case({ code: t.string, mods: t.list(t.string) }, Name("key")),
  Batch: t.case({ ids: t.list(t.bigint), tags: t.map(t.int), note: t.option(t.string) }),
})

export const Shape = t.union(
  {
    Circle: t.case({ r: t.float }),
    Rect: t.case({ size: t.tuple(t.float, t.float), day: t.datetime }, DateTimeFormat("day", "yyyy-MM-dd")),
  },
  NamedUnionCases("kind"),
)

export interface Tree {
  value: number
  children: Tree[]
  label?: string | undefined
}
export const Tree: RecordDescriptor<any, Tree> = t.record({
  value: t.int,
  children: t.list(t.lazy<Tree>(() => Tree)),
  label: t.option(t.string),
})

/** Field names that live on Object.prototype, as declared fields. */
export const Proto = t.record({ constructor: t.int, toString: t.option(t.string), hasOwnProperty: t.list(t.bool) })

export const Everything = t.record({
  user: User,
  events: t.list(Event),
  shape: Shape,
  tree: Tree,
  pair: t.tuple(t.int, t.option(t.string)),
  maybe: t.list(t.option(t.int)),
  big: t.bigint,
  day: DateTimeFormat("yyyy-MM-dd HH.mm"),
  query: Query(t.string),
  proto: Proto,
})

/** Every fixture, named, for the laws. */
export const fixtures: ReadonlyArray<readonly [string, Descriptor]> = [
  ["int", t.int],
  ["float", t.float],
  ["string", t.string],
  ["bool", t.bool],
  ["bigint", t.bigint],
  ["datetime", t.datetime],
  ["datetime(format)", t.datetime("yyyy-MM-dd")],
  ["enum", Access],
  ["option", t.option(t.int)],
  ["list", t.list(t.string)],
  ["tuple", t.tuple(t.int, t.string, t.bool)],
  ["map", t.map(t.list(t.int))],
  ["User", User],
  ["Event", Event],
  ["Shape", Shape],
  ["Tree", Tree],
  ["Proto", Proto],
  ["Everything", Everything],
]
