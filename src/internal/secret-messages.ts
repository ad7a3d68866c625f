/**
 * The session secret's rules, as `crypto-keys.ts` prints them: how long a
 * secret must be, and how to set one on each runtime. Written once here,
 * below the sessions that use the keys; `sessionMessages` (the sitelet
 * layer's sentences for sessions and cookies) includes them, so tests keep
 * importing one writer.
 *
 * @example
 * ```ts
 * expect(() => checkSecrets("short")).toThrow(secretMessages.secretTooShort("options (secret #1)", 5))
 * ```
 */
export const secretMessages = {
  secretTooShort: (where: string, bytes: number) =>
    `Session secret from ${where} is ${bytes} bytes long; at least 32 bytes are required`,
  noSecrets: () => `Session secret list is empty; give at least one secret of 32 bytes or more`,
  randomKeyWarning: (refused: boolean) =>
    "sitelets: no session secret configured (host option `session.secret` or SITELETS_SECRET); " +
    "using a random per-process key, so logins do not survive a restart or reach other processes" +
    (refused ? " (the runtime refused to read SITELETS_SECRET: on Deno, run with --allow-env=SITELETS_SECRET)" : ""),
  noSecret: (refused: boolean) =>
    "sitelets: a session needs a signing secret, and none is configured" +
    (refused ? " (the runtime refused to read SITELETS_SECRET)" : "") +
    ". Set one of at least 32 bytes: the host option session: { secret }, or the SITELETS_SECRET environment variable " +
    "(Node and Bun: export SITELETS_SECRET=…; Deno: also --allow-env=SITELETS_SECRET; Cloudflare Workers: " +
    "wrangler secret put SESSION_SECRET and session: { secret: (env) => env.SESSION_SECRET }). While developing, " +
    "session: { development: true } (or NODE_ENV=development) uses a random per-process key instead.",
} as const
