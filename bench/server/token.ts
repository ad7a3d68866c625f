/**
 * The bearer token of the whole-server benchmark's protected row: issued
 * with the public API (`ctx.UserSession.IssueToken`) under a fixed secret
 * the row's server shares, so the load generator sends a token the server
 * verifies on every request.
 */
import { Content, Sitelet, t } from "sitelets"

/** The session secret of the benchmark's protected row (32 bytes and more). */
export const benchSecret = "the whole-server benchmark's session secret"

/**
 * A token for user `bench`, valid for a day.
 *
 * @example
 * ```ts
 * const headers = { authorization: `Bearer ${await benchToken()}` }
 * ```
 */
export async function benchToken(): Promise<string> {
  const issuer = Sitelet.Infer(t.union({ Token: "GET /token" }), {
    Token: async (ctx) => Content.Text(await ctx.UserSession.IssueToken("bench", { maxAgeSeconds: 86_400 })),
  })
  const response = await issuer.Handle(new Request("http://localhost/token"), { session: { secret: benchSecret } })
  return (await response?.text()) ?? ""
}
