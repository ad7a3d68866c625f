/**
 * The example's schema, as numbered migrations run at start in one
 * transaction under an advisory lock: processes starting together against
 * one PostgreSQL (`npm run start:cluster`) apply each migration once.
 */
import type { Database } from "./database.js"

// Any number the application owns: the lock every starting process takes in turn.
const migrationLock = 37_0037

/** The migrations, in order; each runs once, and is never edited once released (add another). */
const migrations: ReadonlyArray<{ readonly version: number; readonly sql: string }> = [
  {
    version: 1,
    sql: `
      CREATE TABLE articles (
        id serial PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        title text NOT NULL,
        body text NOT NULL,
        published timestamptz NOT NULL
      );
      CREATE TABLE messages (
        id serial PRIMARY KEY,
        name text NOT NULL,
        email text NOT NULL,
        message text NOT NULL,
        at timestamptz NOT NULL
      );
      INSERT INTO articles (id, slug, title, body, published) VALUES
        (1, 'typed-links', 'Typed links',
         'Every link in this site is made from an endpoint value, so a renamed route is a compile error, not a 404.',
         '2026-11-01T00:00:00Z'),
        (2, 'one-declaration', 'One declaration, four uses',
         'The same descriptor parses requests, writes links, serves content and derives the JSON codec.',
         '2026-11-08T00:00:00Z'),
        (3, 'hosting-anywhere', 'Hosting anywhere',
         'The same sitelet runs under node:http, Express, and any Fetch API runtime such as Bun, Deno or Workers.',
         '2026-11-15T00:00:00Z');
      SELECT setval(pg_get_serial_sequence('articles', 'id'), 3);
    `,
  },
]

/**
 * Brings the database to the latest schema.
 *
 * @example
 * ```ts
 * await migrate(db) // at start, before serving
 * ```
 */
export async function migrate(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [migrationLock])
    await tx.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version int PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    )
    const { rows } = await tx.query<{ version: number }>("SELECT version FROM schema_migrations")
    const applied = new Set(rows.map((row) => row.version))
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue
      for (const statement of migration.sql
        .split(/;\s*$/m)
        .map((text) => text.trim())
        .filter(Boolean))
        await tx.query(statement)
      await tx.query("INSERT INTO schema_migrations (version) VALUES ($1)", [migration.version])
    }
  })
}
