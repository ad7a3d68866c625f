/**
 * Issue 50, item 10: a rate limit's sentence reads as people write it —
 * "1 request at once, then 1 a minute", not "1 requests … 0.016666666666666666 per second".
 */
import { describe, expect, it } from "vitest"
import { limitMessages } from "../../../src/sitelet/limits/limit-messages.js"
import { socketMessages } from "../../../src/sitelet/sockets/socket-messages.js"

describe("the rate limit's sentence", () => {
  it.each([
    [1, 1 / 60, "at most 1 request at once, then 1 a minute"],
    [5, 1 / 60, "at most 5 requests at once, then 1 a minute"],
    [10, 2, "at most 10 requests at once, then 2 a second"],
    [1, 0.5, "at most 1 request at once, then 30 a minute"],
    [3, 1 / 3600, "at most 3 requests at once, then 1 an hour"],
    [2, 1 / 7200, "at most 2 requests at once, then 1 every 7200 seconds"],
    [100, 1.5, "at most 100 requests at once, then 1.5 a second"],
    [4, 1 / 7, "at most 4 requests at once, then 1 every 7 seconds"],
    [4, 0.0123456, "at most 4 requests at once, then 0.0123 a second"],
  ])("%d at once, %d a second: %s", (capacity, rate, sentence) => {
    expect(limitMessages.rateLimited(capacity, rate)).toBe(sentence)
  })

  it("says a socket's message rate the same way", () => {
    expect(socketMessages.tooManyMessages(1)).toBe("at most 1 message a second")
    expect(socketMessages.tooManyMessages(50)).toBe("at most 50 messages a second")
  })
})
