/**
 * A real consumer reads the document: openapi-typescript generates types
 * from the example site's `/openapi.json`, and tsc checks a client written
 * against them with the values sitelets' own types describe.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import openapiTS, { astToString } from "openapi-typescript"
import { afterAll, describe, expect, it } from "vitest"
import { document } from "../../examples/site/docs.js"

const root = new URL("../..", import.meta.url).pathname
const folder = mkdtempSync(join(tmpdir(), "sitelets-openapi-"))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const client = `
import type { paths } from "./api"
import type { Infer } from "${root}src/index.js"
import type { NewArticle } from "${root}examples/site/endpoints.js"

type CreateBody = paths["/api/articles"]["post"]["requestBody"]["content"]["application/json"]
type ArticleId = paths["/api/articles/{id}"]["get"]["parameters"]["path"]["id"]
type SearchQuery = NonNullable<paths["/search"]["get"]["parameters"]["query"]>
type ContactForm = NonNullable<paths["/contact"]["post"]["requestBody"]>["content"]["application/x-www-form-urlencoded"]

// A client call typed by the generated types, made with the values sitelets' declaration types.
declare function post(path: "/api/articles", body: CreateBody): void
const article: NewArticle = { title: "Typed", body: "twice over" }
post("/api/articles", article)
const back: Infer<typeof import("${root}examples/site/endpoints.js").NewArticle> = {} as CreateBody
void back

const id: ArticleId = 3
// @ts-expect-error: the path parameter is an integer
const badId: ArticleId = "three"
const search: SearchQuery = { q: "routing", page: 2 }
const searchAll: SearchQuery = {}
// @ts-expect-error: page is an integer
const badSearch: SearchQuery = { page: "2" }
const contact: ContactForm = { name: "Ann" }
void [id, badId, search, searchAll, badSearch, contact]

// The declared answers: GetArticle's 200 is an Article (its JSON form: the date as text), its 404 an ApiError.
type Found = paths["/api/articles/{id}"]["get"]["responses"]["200"]["content"]["application/json"]
type Missing = paths["/api/articles/{id}"]["get"]["responses"]["404"]["content"]["application/json"]
type Created = paths["/api/articles"]["post"]["responses"]["201"]["content"]["application/json"]
type Listed = paths["/api/articles"]["get"]["responses"]["200"]["content"]["application/json"]
const found: Found = { id: 1, slug: "a", title: "A", body: "b", published: "2026-11-25" }
// @ts-expect-error: an article has a title
const notFound: Found = { id: 1, slug: "a", body: "b", published: "2026-11-25" }
const missing: Missing = { error: "no article 9" }
const created: Created = found
const listed: Listed = [found]
// A declared 400 keeps its schema over the generic one the route's body implies.
type Refused = paths["/api/articles"]["post"]["responses"]["400"]["content"]["application/json"]
const refused: Refused = { error: "title must not be empty" }
void [found, notFound, missing, created, listed, refused]
`

describe("openapi-typescript reads the example's document", () => {
  it("generates types that a client type-checks against", async () => {
    const types = astToString(await openapiTS(document as never))
    expect(types).toContain('"/api/articles/{id}"')
    writeFileSync(join(folder, "api.ts"), types)
    writeFileSync(join(folder, "client.ts"), client)
    writeFileSync(
      join(folder, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2023",
          lib: ["ES2023", "DOM"],
          skipLibCheck: true,
          types: [],
        },
        files: ["client.ts"],
      }),
    )
    const run = () => execFileSync(`${root}node_modules/.bin/tsc`, ["-p", folder], { encoding: "utf8", stdio: "pipe" })
    try {
      run()
    } catch (error) {
      throw new Error(String((error as { stdout?: string }).stdout))
    }
  }, 60_000)
})
