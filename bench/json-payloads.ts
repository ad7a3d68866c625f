/**
 * The JSON benchmark's payloads, each described once per library: a small
 * record (`User`, ~160 bytes), `User[100]`, and a 3-case union with nested
 * arrays (`Event[30]`). Data is generated deterministically.
 */
import { Type, type TSchema } from "@sinclair/typebox"
import * as v from "valibot"
import { z } from "zod"
import { t, type Descriptor } from "sitelets"

/** One payload: our descriptor, the peers' schemas, and a typed value. */
export interface Payload {
  readonly name: string
  readonly descriptor: Descriptor
  /** JSON Schema for ajv and fast-json-stringify (dates as `format: date-time`). */
  readonly jsonSchema: object
  readonly typebox: TSchema
  readonly zod: z.ZodType
  readonly valibot: v.GenericSchema
  readonly value: unknown
}

/** The `User` record (~160 bytes of JSON), shared with the large-payload benchmark. */
export const User = t.record({
  id: t.int,
  name: t.string,
  city: t.string,
  email: t.option(t.string),
  admin: t.bool,
  score: t.float,
  joined: t.datetime,
  tags: t.list(t.string),
})

const userJson = {
  type: "object",
  properties: {
    id: { type: "integer" },
    name: { type: "string" },
    city: { type: "string" },
    email: { type: "string" },
    admin: { type: "boolean" },
    score: { type: "number" },
    joined: { type: "string", format: "date-time" },
    tags: { type: "array", items: { type: "string" } },
  },
  required: ["id", "name", "city", "admin", "score", "joined", "tags"],
} as const

const userBox = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  city: Type.String(),
  email: Type.Optional(Type.String()),
  admin: Type.Boolean(),
  score: Type.Number(),
  joined: Type.String(),
  tags: Type.Array(Type.String()),
})

const userZod = z.object({
  id: z.int(),
  name: z.string(),
  city: z.string(),
  email: z.string().optional(),
  admin: z.boolean(),
  score: z.number(),
  joined: z.iso.datetime(),
  tags: z.array(z.string()),
})

const userValibot = v.object({
  id: v.pipe(v.number(), v.integer()),
  name: v.string(),
  city: v.string(),
  email: v.optional(v.string()),
  admin: v.boolean(),
  score: v.number(),
  joined: v.pipe(v.string(), v.isoTimestamp()),
  tags: v.array(v.string()),
})

const Event = t.union({
  Click: t.case({ x: t.int, y: t.int, at: t.datetime }),
  Key: t.case({ code: t.string, mods: t.list(t.string) }),
  Batch: t.case({ ids: t.list(t.int), items: t.list(t.record({ sku: t.string, qty: t.int })) }),
})

const tagged = (tag: string, properties: Record<string, object>, required: string[]) => ({
  type: "object",
  properties: { $: { type: "string", const: tag }, ...properties },
  required: ["$", ...required],
})
const eventJson = {
  anyOf: [
    tagged("Click", { x: { type: "integer" }, y: { type: "integer" }, at: { type: "string", format: "date-time" } }, [
      "x",
      "y",
      "at",
    ]),
    tagged("Key", { code: { type: "string" }, mods: { type: "array", items: { type: "string" } } }, ["code", "mods"]),
    tagged(
      "Batch",
      {
        ids: { type: "array", items: { type: "integer" } },
        items: {
          type: "array",
          items: {
            type: "object",
            properties: { sku: { type: "string" }, qty: { type: "integer" } },
            required: ["sku", "qty"],
          },
        },
      },
      ["ids", "items"],
    ),
  ],
}

const eventBox = Type.Union([
  Type.Object({ $: Type.Literal("Click"), x: Type.Integer(), y: Type.Integer(), at: Type.String() }),
  Type.Object({ $: Type.Literal("Key"), code: Type.String(), mods: Type.Array(Type.String()) }),
  Type.Object({
    $: Type.Literal("Batch"),
    ids: Type.Array(Type.Integer()),
    items: Type.Array(Type.Object({ sku: Type.String(), qty: Type.Integer() })),
  }),
])

const eventZod = z.discriminatedUnion("$", [
  z.object({ $: z.literal("Click"), x: z.int(), y: z.int(), at: z.iso.datetime() }),
  z.object({ $: z.literal("Key"), code: z.string(), mods: z.array(z.string()) }),
  z.object({
    $: z.literal("Batch"),
    ids: z.array(z.int()),
    items: z.array(z.object({ sku: z.string(), qty: z.int() })),
  }),
])

const int = v.pipe(v.number(), v.integer())
const eventValibot = v.variant("$", [
  v.object({ $: v.literal("Click"), x: int, y: int, at: v.pipe(v.string(), v.isoTimestamp()) }),
  v.object({ $: v.literal("Key"), code: v.string(), mods: v.array(v.string()) }),
  v.object({ $: v.literal("Batch"), ids: v.array(int), items: v.array(v.object({ sku: v.string(), qty: int })) }),
])

let seed = 42
const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
const pick = <Item>(items: readonly Item[]): Item => items[Math.floor(random() * items.length)] as Item
const words = ["alpha", "beta", "gamma", "delta", "Zoë", "naïve", 'x"y', "rock & roll"]

/** A deterministic `User` value (the generator is seeded). */
export function user(id: number) {
  return {
    id,
    name: `${pick(words)} ${pick(words)}`,
    city: pick(["Montréal", "Zürich", "New York", "Lagos"]),
    ...(id === 1 || random() < 0.5 ? { email: `user${id}@example.com` } : {}),
    admin: random() < 0.1,
    score: Math.round(random() * 10000) / 100,
    joined: new Date(Date.UTC(2020, 0, 1) + Math.floor(random() * 1e11)),
    tags: [pick(words), pick(words)],
  }
}

function event(i: number) {
  switch (i % 3) {
    case 0:
      return {
        $: "Click",
        x: Math.floor(random() * 1920),
        y: Math.floor(random() * 1080),
        at: new Date(Date.UTC(2026, 10, 22) + i * 1000),
      }
    case 1:
      return { $: "Key", code: pick(["KeyA", "Enter", "Escape"]), mods: i % 2 ? ["ctrl", "shift"] : [] }
    default:
      return {
        $: "Batch",
        ids: [i, i + 1, i + 2, i + 3],
        items: [
          { sku: `sku-${i}`, qty: 2 },
          { sku: `sku-${i + 1}`, qty: 1 },
        ],
      }
  }
}

/** The three payloads of the issue. */
export const payloads: readonly Payload[] = [
  {
    name: "User (small record)",
    descriptor: User,
    jsonSchema: userJson,
    typebox: userBox,
    zod: userZod,
    valibot: userValibot,
    value: user(1),
  },
  {
    name: "User[100]",
    descriptor: t.list(User),
    jsonSchema: { type: "array", items: userJson },
    typebox: Type.Array(userBox),
    zod: z.array(userZod),
    valibot: v.array(userValibot),
    value: Array.from({ length: 100 }, (_, i) => user(i)),
  },
  {
    name: "Event[30] (union)",
    descriptor: t.list(Event),
    jsonSchema: { type: "array", items: eventJson },
    typebox: Type.Array(eventBox),
    zod: z.array(eventZod),
    valibot: v.array(eventValibot),
    value: Array.from({ length: 30 }, (_, i) => event(i)),
  },
]
