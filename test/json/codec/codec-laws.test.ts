import fc from "fast-check"
import { describe, expect, test } from "vitest"
import type { Descriptor } from "../../../src/descriptor/descriptor.js"
import { Json } from "../../../src/json/codec/json-namespace.js"
import { arbitraryOf } from "../../support/arbitrary.js"
import { fixtures } from "../fixtures.js"

const runs = { numRuns: 200 }

describe.each(fixtures)("laws for %s", (_name, descriptor: Descriptor) => {
  const values = arbitraryOf(descriptor)

  test("Json.Stringify(Json.Encode(d, x)) === Json.Serialize(d, x)", () => {
    fc.assert(
      fc.property(values, (x) => Json.Stringify(Json.Encode(descriptor, x)) === Json.Serialize(descriptor, x)),
      runs,
    )
  })

  test("Json.Decode(d, Json.Parse(s)) deep-equals Json.Deserialize(d, s)", () => {
    fc.assert(
      fc.property(values, (x) => {
        const text = Json.Serialize(descriptor, x)
        // toEqual, not toStrictEqual: the latter compares `.constructor`, an own key of some generated maps.
        expect(Json.Decode(descriptor, Json.Parse(text))).toEqual(Json.Deserialize(descriptor, text))
      }),
      runs,
    )
  })

  test("Json.Deserialize(d, Json.Serialize(d, x)) deep-equals x", () => {
    fc.assert(
      fc.property(values, (x) => {
        expect(Json.Deserialize(descriptor, Json.Serialize(descriptor, x))).toEqual(x)
      }),
      runs,
    )
  })

  test("Json.Activate(d, Json.Parse(Json.Serialize(d, x))) deep-equals x (Activate equals Decode on valid input)", () => {
    fc.assert(
      fc.property(values, (x) => {
        expect(Json.Activate(descriptor, Json.Parse(Json.Serialize(descriptor, x)))).toEqual(x)
      }),
      runs,
    )
  })

  test("~standard.validate accepts every encoded value and returns the decoded value", () => {
    fc.assert(
      fc.property(values, (x) => {
        const result = descriptor["~standard"]?.validate(Json.Encode(descriptor, x))
        expect(result).toEqual({ value: x })
      }),
      runs,
    )
  })
})
