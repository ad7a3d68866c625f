/**
 * What the example's processes share, chosen at start from the
 * environment: with `REDIS_URL`, the password limit's buckets, the chat
 * rooms' messages and who is in them live in Redis (every process of a
 * cluster sees the same); without it, in this process's memory. The
 * articles' database is db/database.ts's (`DATABASE_URL`).
 */
import type { Redis } from "ioredis"
import { memoryBus, memoryStore, type RateLimitStore, type TopicBus } from "../../src/index.js"
import { redisBus, redisStore } from "../../src/redis/index.js"

/** How many visitors a room has: counted in this process, or in Redis for all of them. */
export interface Presence {
  /** One more visitor in `room`: resolves to how many there are now. */
  join(room: string): Promise<number>
  /** One visitor fewer: resolves to how many are left. */
  leave(room: string): Promise<number>
}

/** The shared services of this process. */
export interface Services {
  readonly limits: RateLimitStore
  readonly chat: TopicBus
  readonly presence: Presence
  /** What is shared and what is not, for the start message. */
  readonly description: string
  close(): Promise<void>
}

function memoryPresence(): Presence {
  const counts = new Map<string, number>()
  return {
    join: async (room) => {
      const count = (counts.get(room) ?? 0) + 1
      counts.set(room, count)
      return count
    },
    leave: async (room) => {
      const count = Math.max(0, (counts.get(room) ?? 1) - 1)
      if (count === 0) counts.delete(room)
      else counts.set(room, count)
      return count
    },
  }
}

// A room's count in Redis; it expires a day after its last change, so a process killed with visitors in a
// room (which never says they left) leaves the count high for a day at most.
function redisPresence(redis: Redis): Presence {
  const keyOf = (room: string) => `example:chat:present:${room.slice(0, 200)}`
  const change = async (room: string, by: number) => {
    const [[, count]] = (await redis.multi().incrby(keyOf(room), by).expire(keyOf(room), 86_400).exec()) as [
      [unknown, number],
    ]
    return Math.max(0, count)
  }
  return { join: (room) => change(room, 1), leave: (room) => change(room, -1) }
}

async function open(): Promise<Services> {
  const url = process.env.REDIS_URL
  if (url === undefined || url === "")
    return {
      limits: memoryStore(),
      chat: memoryBus(),
      presence: memoryPresence(),
      description: "password limits and chat rooms in this process's memory (set REDIS_URL to share them)",
      close: async () => undefined,
    }
  const { Redis } = await import("ioredis")
  const redis = new Redis(url, { maxRetriesPerRequest: 2 })
  redis.on("error", (error) => console.error(`redis: ${error.message}`))
  const chat = redisBus(redis)
  return {
    limits: redisStore(redis),
    chat,
    presence: redisPresence(redis),
    description: `password limits and chat rooms in Redis at ${new URL(url).host}`,
    close: async () => {
      await chat.close()
      redis.disconnect()
    },
  }
}

/** This process's services, opened at the first import (the module's top-level await). */
export const services: Services = await open()
