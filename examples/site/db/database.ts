/**
 * The example's database: PostgreSQL when `DATABASE_URL` is set (through
 * node-postgres), else PGlite — PostgreSQL compiled to WebAssembly, from
 * npm, no server — in a data folder (`SITELETS_DATA`, default
 * `.data/example`; `memory://` for none, as the tests use). The same SQL
 * and the same code path either way; the migrations run at the first use.
 */
import { mkdir } from "node:fs/promises"
import { migrate } from "./migrations.js"

/** A query runner: PGlite's and node-postgres' `query` have this shape. */
export interface Queries {
  query<Row>(sql: string, params?: readonly unknown[]): Promise<{ rows: Row[] }>
}

/** The database: queries, a transaction (one connection), what it is, and closing. */
export interface Database extends Queries {
  /** Runs `work` in one transaction on one connection: committed if it resolves, rolled back if it throws. */
  transaction<Value>(work: (queries: Queries) => Promise<Value>): Promise<Value>
  /** "PostgreSQL at <host>" or "PGlite in <folder>", for the start message. */
  readonly description: string
  close(): Promise<void>
}

async function postgres(url: string): Promise<Database> {
  const { default: pg } = await import("pg")
  // A slow or unreachable server is an error within DATABASE_TIMEOUT_MS (default 5 s), never a request held forever.
  const timeout = Number(process.env.DATABASE_TIMEOUT_MS ?? 5000)
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: timeout, query_timeout: timeout })
  // A connection that breaks while idle (the server restarted) is dropped by the pool, not fatal to the process.
  pool.on("error", () => undefined)
  const host = new URL(url).host
  return {
    query: (sql, params) => pool.query(sql, params as unknown[]) as never,
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query("BEGIN")
        const value = await work({ query: (sql, params) => client.query(sql, params as unknown[]) as never })
        await client.query("COMMIT")
        return value
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    description: `PostgreSQL at ${host}`,
    close: () => pool.end(),
  }
}

async function pglite(folder: string): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite")
  // PGlite makes only the last folder of the path, and `.data/` is not in a fresh clone (git ignores it).
  if (!folder.includes("://")) await mkdir(folder, { recursive: true })
  const db = await PGlite.create(folder)
  return {
    query: (sql, params) => db.query(sql, params as unknown[]) as never,
    transaction: (work) =>
      db.transaction((tx) => work({ query: (sql, params) => tx.query(sql, params as unknown[]) as never })),
    description: folder.startsWith("memory://") ? "PGlite in memory (nothing kept)" : `PGlite in ${folder}`,
    close: () => db.close(),
  }
}

let opened: Promise<Database> | undefined

/**
 * The database, opened and migrated once per process (the first call).
 *
 * @example
 * ```ts
 * const { rows } = await (await database()).query<{ n: number }>("select count(*)::int as n from articles")
 * ```
 */
export function database(): Promise<Database> {
  opened ??= (async () => {
    const url = process.env.DATABASE_URL
    const db = url ? await postgres(url) : await pglite(process.env.SITELETS_DATA ?? ".data/example")
    await migrate(db)
    return db
  })()
  return opened
}

/** Closes the database if it was opened (at shutdown). */
export async function closeDatabase(): Promise<void> {
  const db = opened
  opened = undefined
  if (db !== undefined) await (await db).close()
}
