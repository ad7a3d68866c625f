/**
 * The whole-server benchmark's declaration: one parametric JSON endpoint and
 * one static text endpoint, shared by the rows on every runtime and compiled
 * ahead of time by bench/run.ts (`CompileRoutes.Esbuild`) into the table the
 * compiled rows import as `sitelets-bench-users-table`.
 */
import { t } from "sitelets"

/** `GET /users/<id:int>` (JSON) and `GET /hello` (text). */
export const UsersApi = t.union({ User: "GET /users/<id:int>", Hello: "GET /hello" })
