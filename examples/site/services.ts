/**
 * What the example's processes share, chosen at start from the
 * environment: with `REDIS_URL`, the password limit's buckets, the chat
 * rooms' messages and who is in them live in Redis (every process of a
 * cluster sees the same); without it, in this process's memory. The
 * articles' database is db/database.ts's (`DATABASE_URL`).
 */
import { randomUUID } from "node:crypto"
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

/**
 * How many visitors a room has, in Redis, counted by each process apart:
 * its own count at `<room>:<process>`, written whole at every change and
 * again at every beat (a third of `ttlSeconds`), so a Redis that restarted
 * and forgot it is told again, and expiring unless the process beats, so
 * a process killed with visitors stops counting. The room's number is the
 * sum of the live counts: after a restart it can be low until every
 * process has beaten, never negative. Calls are bounded by the client's
 * `commandTimeout`.
 *
 * @example
 * ```ts
 * const presence = redisPresence(new Redis(url, { commandTimeout: 1000 }))
 * await presence.join("lobby") //=> 1
 * ```
 */
export function redisPresence(
  redis: Redis,
  options: { readonly ttlSeconds?: number } = {},
): Presence & { close(): void } {
  const ttl = options.ttlSeconds ?? 60
  const self = `${process.pid}-${randomUUID().slice(0, 8)}`
  const here = new Map<string, number>()
  const keyOf = (room: string) => `example:chat:present:${room.slice(0, 200)}`
  const write = async (room: string) => {
    const members = keyOf(room)
    const count = here.get(room) ?? 0
    const change = redis.multi()
    const ms = Math.round(ttl * 1000)
    if (count === 0) change.del(`${members}:${self}`).srem(members, self)
    else change.set(`${members}:${self}`, count, "PX", ms).sadd(members, self).pexpire(members, ms)
    // A command of the transaction that failed is in its replies, not thrown: thrown here.
    for (const [error] of (await change.exec()) ?? []) if (error) throw error
  }
  const total = async (room: string) => {
    const members = keyOf(room)
    const processes = await redis.smembers(members)
    if (processes.length === 0) return 0
    const counts = await redis.mget(...processes.map((process) => `${members}:${process}`))
    const gone = processes.filter((_, i) => counts[i] === null)
    if (gone.length > 0) await redis.srem(members, ...gone)
    return counts.reduce((sum: number, count) => sum + Math.max(0, Number(count ?? 0)), 0)
  }
  const change = async (room: string, by: number) => {
    const count = Math.max(0, (here.get(room) ?? 0) + by)
    if (count === 0) here.delete(room)
    else here.set(room, count)
    await write(room)
    return total(room)
  }
  const beat = setInterval(
    () => {
      for (const room of here.keys()) write(room).catch(() => undefined)
    },
    (ttl * 1000) / 3,
  )
  beat.unref()
  return { join: (room) => change(room, 1), leave: (room) => change(room, -1), close: () => clearInterval(beat) }
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
  // Every call bounded: a paused or unreachable Redis fails a command within a second (the limits and the bus have
  // timeouts of their own), never holds a request or a socket. The error listener keeps ioredis from logging each
  // retry as an unhandled error event while Redis is away.
  const redis = new Redis(url, { maxRetriesPerRequest: 2, commandTimeout: 1000 })
  redis.on("error", (error) => console.error(`redis: ${error.message}`))
  const chat = redisBus(redis)
  const presence = redisPresence(redis)
  return {
    limits: redisStore(redis),
    chat,
    presence,
    description: `password limits and chat rooms in Redis at ${new URL(url).host}`,
    close: async () => {
      presence.close()
      await chat.close()
      redis.disconnect()
    },
  }
}

/** This process's services, opened at the first import (the module's top-level await). */
export const services: Services = await open()
