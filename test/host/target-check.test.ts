import { describe, expect, it } from "vitest"
import { checkTarget } from "../../src/host/target-check.js"
import { resolveHostOptions } from "../../src/host/host-options.js"
import { hostMessages } from "../../src/host/host-errors.js"

const options = resolveHostOptions({ limits: { urlLength: 20, queryParameters: 2 } })

describe("checkTarget", () => {
  it("limits path and query, not the scheme and authority of an absolute-form target", () => {
    expect(checkTarget("/" + "a".repeat(19), options)).toBeUndefined()
    expect(checkTarget("/" + "a".repeat(20), options)?.message).toBe(hostMessages.urlTooLong(20))
    expect(checkTarget("http://a-long-host.example:8080/" + "a".repeat(19), options)).toBeUndefined()
    expect(checkTarget("http://h/" + "a".repeat(20), options)?.status).toBe(414)
  })
  it("counts non-empty query parameters, up to the fragment", () => {
    expect(checkTarget("/?a&&b", options)).toBeUndefined()
    expect(checkTarget("/?a&b#c&d&e", options)).toBeUndefined()
    const error = checkTarget("/?a&b&c", options)
    expect(error?.type).toBe("parameters.too.many")
    expect(error?.message).toBe(hostMessages.tooManyParameters(2))
  })
})
