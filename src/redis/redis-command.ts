/**
 * One way to send a Redis command, whichever client the application has:
 * ioredis and iovalkey (`client.call(name, ...args)`) or node-redis
 * (`client.sendCommand([name, ...args])`). sitelets depends on none of
 * them: the store and the topic take the client the application made,
 * with its own URL, TLS, auth and reconnection settings.
 */
import { redisMessages } from "./messages.js"

/** ioredis and iovalkey: `call` sends any command. */
export interface RedisCallClient {
  call(command: string, ...args: string[]): Promise<unknown>
}

/** node-redis (`redis` on npm, v4 and later): `sendCommand` sends any command. */
export interface RedisSendCommandClient {
  sendCommand(args: string[]): Promise<unknown>
}

/**
 * A Redis or Valkey client: an ioredis or iovalkey `Redis`, or a
 * node-redis client (connected).
 *
 * @example
 * ```ts
 * const client: RedisClient = new Redis(process.env.REDIS_URL!) // ioredis
 * const other: RedisClient = await createClient({ url }).connect() // node-redis
 * ```
 */
export type RedisClient = RedisCallClient | RedisSendCommandClient

/**
 * A function sending one command through `client`.
 *
 * @example
 * ```ts
 * await redisCommand(client)(["PING"]) //=> "PONG"
 * ```
 */
export function redisCommand(client: RedisClient): (args: readonly string[]) => Promise<unknown> {
  if (typeof (client as RedisCallClient).call === "function") {
    const call = client as RedisCallClient
    return ([command, ...args]) => call.call(command as string, ...args)
  }
  if (typeof (client as RedisSendCommandClient).sendCommand === "function") {
    const sender = client as RedisSendCommandClient
    return (args) => sender.sendCommand([...args])
  }
  throw new TypeError(redisMessages.notAClient)
}
