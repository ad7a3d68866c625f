/**
 * Issue 37's faults, on the example's database with a real PostgreSQL
 * (started here): a slow query and a server that went away are errors
 * within `DATABASE_TIMEOUT_MS` — the request fails, nothing hangs — and
 * the migrations, run by several processes at once, apply once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { hasPostgres, noPostgres, type PostgresServer, startPostgres } from "../support/postgres-server.js"

if (!hasPostgres) console.warn(`test/services: skipped, ${noPostgres}`)

describe.skipIf(!hasPostgres)("the example's database on PostgreSQL", () => {
  let postgres: PostgresServer
  beforeAll(async () => {
    postgres = await startPostgres()
    process.env.DATABASE_URL = postgres.createDatabase("faults")
    process.env.DATABASE_TIMEOUT_MS = "500"
  }, 60_000)
  afterAll(async () => {
    const { closeDatabase } = await import("../../examples/site/db/database.js")
    await closeDatabase()
    delete process.env.DATABASE_URL
    delete process.env.DATABASE_TIMEOUT_MS
    await postgres?.stop()
  })

  it("migrates once when several openings race, and seeds the articles", async () => {
    const { migrate } = await import("../../examples/site/db/migrations.js")
    const { database } = await import("../../examples/site/db/database.js")
    const db = await database()
    await Promise.all([migrate(db), migrate(db), migrate(db)])
    const { rows } = await db.query<{ version: number }>("SELECT version FROM schema_migrations")
    expect(rows).toEqual([{ version: 1 }])
    const { rows: articles } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM articles")
    expect(articles).toEqual([{ n: 3 }])
  })

  it("fails a slow query within the timeout instead of holding the request", async () => {
    const { database } = await import("../../examples/site/db/database.js")
    const started = Date.now()
    await expect((await database()).query("SELECT pg_sleep(5)")).rejects.toThrow(/timeout/i)
    expect(Date.now() - started).toBeLessThan(3000)
  })

  it("answers the API's reads with a 500 while the server is down, at once, and serves the rest of the site", async () => {
    const { site } = await import("../../examples/site/site.js")
    await postgres.stop()
    const started = Date.now()
    const articles = await site.Handle(new Request("http://127.0.0.1/api/articles"))
    expect(articles?.status).toBe(500)
    expect(Date.now() - started).toBeLessThan(3000)
    const login = await site.Handle(new Request("http://127.0.0.1/account/login"))
    expect(login?.status).toBe(200)
  })
})
