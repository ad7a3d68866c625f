/**
 * The published package, checked on the tarball `npm pack` makes: its
 * files, publint, Are The Types Wrong (ESM-only profile), and that it
 * imports in Node the way the README says, and that a consumer project
 * type-checks its declarations (`skipLibCheck: false`) on TypeScript 5.9,
 * 6.0 and 7.0.
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { publint } from "publint"
import { formatMessage } from "publint/utils"
import { beforeAll, describe, expect, it } from "vitest"
import { type Packed, packPackage } from "./packed.js"

const root = new URL("../..", import.meta.url).pathname
let packed: Packed
beforeAll(() => {
  packed = packPackage()
}, 60_000)

const gettingStarted = () => readFileSync(join(root, "docs/getting-started.md"), "utf8")

/** The JSON block under `<!-- tsconfig: <name>; … -->` in docs/getting-started.md (`server` or `browser`). */
function documentedTsconfig(name: "server" | "browser"): { compilerOptions: Record<string, unknown> } {
  const page = gettingStarted()
  const block = new RegExp(`<!-- tsconfig: ${name};[^>]*-->\\n\`\`\`json\\n([\\s\\S]*?)\`\`\``).exec(page)?.[1]
  if (block === undefined) throw new Error(`docs/getting-started.md has no tsconfig block named ${name}`)
  return JSON.parse(block) as { compilerOptions: Record<string, unknown> }
}

/**
 * Type-checks one file of a consumer project (a folder beside the packed package's node_modules) with `tsc -p`
 * of `compiler`; what tsc prints (nothing when it passes).
 */
function typeCheckConsumer(
  compiler: string,
  name: string,
  compilerOptions: Record<string, unknown>,
  file: string,
  lines: readonly string[],
): string {
  const folder = join(packed.folder, name)
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, "package.json"), JSON.stringify({ type: "module", private: true }))
  writeFileSync(
    join(folder, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { ...compilerOptions, skipLibCheck: false, noEmit: true }, files: [file] }),
  )
  writeFileSync(join(folder, file), [...lines, ""].join("\n"))
  return execFileSync(process.execPath, [join(root, `node_modules/${compiler}/bin/tsc`), "-p", folder], {
    encoding: "utf8",
  }).toString()
}

describe("the packed package", () => {
  it("is the size docs/getting-started.md states: files within 2%, tarball and unpacked sizes within 5%", () => {
    const stated = /a ([\d,]+) kB tarball, ([\d,]+) kB unpacked,\s+([\d,]+) files/.exec(gettingStarted())
    expect(stated, "docs/getting-started.md states the pack's figures").not.toBeNull()
    const [tarball, unpacked, files] = stated!.slice(1).map((figure) => Number(figure.replace(/,/g, "")))
    const measured = {
      tarball: Math.round(statSync(packed.tarball).size / 1000),
      unpacked: Math.round(packed.unpackedBytes / 1000),
      files: packed.files.length,
    }
    const near = (a: number, b: number, within: number) => Math.abs(a - b) / b <= within
    // On drift, the message is the sentence to write in the page.
    const sentence = `a ${measured.tarball} kB tarball, ${measured.unpacked.toLocaleString("en")} kB unpacked, ${measured.files} files`
    expect(
      near(measured.files, files!, 0.02) &&
        near(measured.tarball, tarball!, 0.05) &&
        near(measured.unpacked, unpacked!, 0.05),
      `docs/getting-started.md: ${sentence}`,
    ).toBe(true)
  })

  it("holds the build, README, LICENSE and package.json: no sources, no source maps", () => {
    const top = new Set(packed.files.map((file) => file.split("/")[0]))
    expect([...top].sort()).toEqual(["LICENSE", "README.md", "dist", "package.json"])
    expect(packed.files.filter((file) => file.endsWith(".map"))).toEqual([])
    for (const entry of ["dist/index.js", "dist/index.d.ts", "dist/host/node/index.js", "dist/client/index.js"]) {
      expect(packed.files).toContain(entry)
    }
  })

  it("ships no room's map: an index.ts in src/ that no entry of the exports names stays in the repository", () => {
    const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      exports: Record<string, string | { import: string; types: string }>
    }
    const named = new Set(
      Object.values(manifest.exports).flatMap((entry) =>
        typeof entry === "string" ? [] : [entry.import.slice(2), entry.types.slice(2)],
      ),
    )
    const indexes = packed.files.filter((file) => /(^|\/)index\.(js|d\.ts)$/.test(file))
    expect(indexes.filter((file) => !named.has(file))).toEqual([])
    expect(indexes).toContain("dist/link/index.js")
    expect(packed.files).not.toContain("dist/sitelet/index.js")
    expect(packed.files).toContain("dist/sitelet/sitelet.js")
  })

  it("declares types under their own names: no bundler-renamed `Handler$1` in what a user hovers", () => {
    const declarations = packed.files.filter((file) => file.endsWith(".d.ts"))
    expect(declarations.length).toBeGreaterThan(50)
    const renamed: string[] = []
    for (const file of declarations) {
      const text = readFileSync(join(packed.folder, "node_modules", "sitelets", file), "utf8")
      for (const match of text.matchAll(/\b[A-Za-z_]\w*\$\d+\b/g)) renamed.push(`${file}: ${match[0]}`)
    }
    expect(renamed).toEqual([])
  })

  it("passes publint", async () => {
    const tarball = readFileSync(packed.tarball)
    const { messages, pkg } = await publint({
      pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
    })
    expect(messages.map((message) => `${message.type}: ${formatMessage(message, pkg)}`)).toEqual([])
  }, 60_000)

  it("passes Are The Types Wrong under the ESM-only profile", () => {
    // Exits non-zero on any problem the profile counts.
    const output = execFileSync(
      `${root}node_modules/.bin/attw`,
      [packed.tarball, "--profile", "esm-only", "--format", "ascii"],
      {
        encoding: "utf8",
      },
    )
    const checked = output
      .split("\n")
      .filter((line) => line.startsWith("node16 (from ESM):") || line.startsWith("bundler:"))
    // Fifteen entries (., ./node, ./client, ./cloudflare, ./compile, ./fetch, ./link, ./mcp, ./otel, ./route,
    // ./react, ./redis, ./jsx-runtime, ./jsx-dev-runtime, ./package.json), each resolved by both ESM-aware resolutions.
    expect(checked).toHaveLength(30)
    expect(checked.filter((line) => !line.includes("🟢"))).toEqual([])
  }, 60_000)

  it("imports in Node as the README says: ESM entry points, require() refused", () => {
    const script = `
      const root = await import("sitelets"), node = await import("sitelets/node"), client = await import("sitelets/client")
      const site = root.Sitelet.Infer(root.t.union({ Home: "GET /" }), () => root.Content.Text("home"))
      console.log(typeof node.NodeHandler(site), client.Router.Infer(root.t.union({ A: "GET /a/<id:int>" })).Link({ $: "A", id: 1 }))
    `
    expect(
      execFileSync(process.execPath, ["--input-type=module", "-e", script], {
        cwd: packed.folder,
        encoding: "utf8",
      }).trim(),
    ).toBe("function /a/1")
    // ESM only: require() of the package fails on Node 20 (22+ may load ESM through require).
    const required = () =>
      execFileSync(process.execPath, ["-e", 'require("sitelets")'], { cwd: packed.folder, stdio: "pipe" })
    if (Number(process.versions.node.split(".")[0]) < 22)
      expect(required).toThrow(/ERR_PACKAGE_PATH_NOT_EXPORTED|ERR_REQUIRE_ESM/)
  })

  it("serves MCP tools and calls them typed, from sitelets/mcp with the SDK beside it", () => {
    const script = `
      import { createServer } from "node:http"
      import { Client } from "@modelcontextprotocol/sdk/client/index.js"
      import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
      import { Content, Returns, Sitelet, t } from "sitelets"
      import { Router } from "sitelets/client"
      import { Mcp } from "sitelets/mcp"
      import { NodeHandler } from "sitelets/node"
      const Api = t.union({ Get: t.case("GET /api/<id:int>", {}, Returns(t.record({ id: t.int }))) })
      const site = Sitelet.Infer(Api, { Get: (_ctx, e) => Content.Json({ id: e.id }) })
      const server = createServer(NodeHandler(Sitelet.Sum(site, Mcp.Server(site, { Name: "packed" }))))
      await new Promise((done) => server.listen(0, "127.0.0.1", done))
      const client = new Client({ name: "packed", version: "1.0.0" })
      await client.connect(new StreamableHTTPClientTransport(new URL("http://127.0.0.1:" + server.address().port + "/mcp")))
      const tools = (await client.listTools()).tools.map((tool) => tool.name)
      const got = await Router.Fetch(Router.Infer(Api), { $: "Get", id: 7 }, Mcp.Tools(client))
      console.log(tools.join(","), JSON.stringify(got))
      await client.close()
      server.close()
    `
    expect(
      execFileSync(process.execPath, ["--input-type=module", "-e", script], {
        cwd: packed.folder,
        encoding: "utf8",
      }).trim(),
    ).toBe('Get {"id":7}')
  })

  // A user's project: the documented tsconfig as it is (the declarations checked too), each compiler users have.
  it.each(["typescript", "typescript-6", "typescript-7"])(
    "type-checks a server and a page with docs/getting-started.md's server tsconfig, skipLibCheck: false (%s)",
    (compiler) => {
      // An ES module project, as `npm init` and the README's package set it up.
      writeFileSync(join(packed.folder, "package.json"), JSON.stringify({ type: "module", private: true }))
      writeFileSync(
        join(packed.folder, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: {
            ...documentedTsconfig("server").compilerOptions,
            // Where this checkout keeps @types/node (a project has its own node_modules/@types).
            typeRoots: [join(root, "node_modules/@types")],
            skipLibCheck: false,
            noEmit: true,
          },
          files: ["consumer.ts", "page.tsx"],
        }),
      )
      writeFileSync(
        join(packed.folder, "consumer.ts"),
        [
          'import { createServer } from "node:http"',
          'import { Content, Json, NoBody, Responds, Returns, Sitelet, t, type Infer } from "sitelets"',
          'import { NodeHandler } from "sitelets/node"',
          'import { Router } from "sitelets/client"',
          'import { Router as Links } from "sitelets/link"',
          'import { Router as Routes } from "sitelets/route"',
          "const User = t.record({ id: t.int, name: t.string })",
          "const Api = t.union({",
          '  GetUser: t.case("GET /users/<id:int>", {}, Returns(User)),',
          '  DeleteUser: t.case("DELETE /users/<id:int>", {}, Responds({ 204: NoBody })),',
          '  Create: t.case("POST /users", { user: Json(User) }),',
          "})",
          "export type Api = Infer<typeof Api>",
          "const site = Sitelet.Infer(Api, {",
          '  GetUser: (_ctx, e) => Content.Json({ id: e.id, name: "Ada" }),',
          "  DeleteUser: () => Content.NoContent(),",
          "  Create: (_ctx, e) => Content.Json(e.user),",
          "})",
          "const handler = NodeHandler(site)",
          "const server = createServer(handler)",
          'server.on("checkContinue", handler.checkContinue)',
          "server.listen(Number(process.env.PORT ?? 8080))",
          'export const user: Promise<Infer<typeof User>> = Router.Infer(Api).Fetch({ $: "GetUser", id: 1 }, { base: "http://x" })',
          "",
        ].join("\n"),
      )
      // A page in JSX, as the README's tsconfig sets it up: the runtime's types resolve from the package.
      writeFileSync(
        join(packed.folder, "page.tsx"),
        [
          'import { Content, Sitelet, t } from "sitelets"',
          'import type { JsxChild } from "sitelets/jsx-runtime"',
          // docs/pages.md's layout: children typed JsxChild take one element, several, or an async one.
          "const Layout = ({ title, children }: { title: string; children?: JsxChild }) => (",
          "  <main><h1>{title}</h1>{children}</main>",
          ")",
          "const Count = async ({ n }: { n: number }) => <em>{n}</em>",
          'const Site = t.union({ Home: "GET /", Post: "GET /post/<id:int>" })',
          "export const site = Sitelet.Infer(Site, {",
          "  Home: (ctx) =>",
          "    Content.Page({",
          '      Head: <meta name="description" content="home" />,',
          '      Body: <Layout title="Home"><a href={ctx.Link({ $: "Post", id: 1 })}>first</a><Count n={2} /></Layout>,',
          "    }),",
          "  Post: (_ctx, e) => Content.SetStatus(200, Content.Page({ Body: <p>post {e.id}</p> })),",
          "})",
          "",
        ].join("\n"),
      )
      const output = execFileSync(
        process.execPath,
        [join(root, `node_modules/${compiler}/bin/tsc`), "-p", packed.folder],
        {
          encoding: "utf8",
        },
      ).toString()
      expect(output).toBe("")
    },
    60_000,
  )

  it.each(["typescript", "typescript-6", "typescript-7"])(
    "type-checks a typed client with docs/getting-started.md's browser tsconfig, skipLibCheck: false (%s)",
    (compiler) => {
      const output = typeCheckConsumer(
        compiler,
        "browser",
        documentedTsconfig("browser").compilerOptions,
        "client.ts",
        [
          'import { t, type Infer, Returns, WebSocket as Socket } from "sitelets"',
          'import { Router } from "sitelets/client"',
          'import { Router as Links } from "sitelets/link"',
          'import { Router as Routes } from "sitelets/route"',
          'import { Json, Router as Calls } from "sitelets/fetch"',
          "const User = t.record({ id: t.int, name: t.string })",
          "const Said = t.union({ Say: t.case({ text: t.string }) })",
          "const Chat = Socket({ FromClient: Said, FromServer: Said })",
          "const Pages = t.union({",
          '  Home: "GET /",',
          '  User: t.case("GET /users/<id:int>", {}, Returns(User)),',
          '  Room: t.case("GET /rooms/<room>", {}, Chat),',
          "})",
          "const router = Router.Infer(Pages)",
          'const link: string = router.Link({ $: "User", id: 1 })',
          'export const user: Promise<Infer<typeof User>> = router.Fetch({ $: "User", id: 1 })',
          'const room = router.Socket({ $: "Room", room: "a" }, Chat, { reconnect: true })',
          'room.Send({ $: "Say", text: link })',
          "export const here = router.Parse({ url: location.pathname })",
          'export const linked: string = Links.Shift("app", Links.Infer(Pages)).Link({ $: "User", id: 1 })',
          'export const matched = Routes.Infer(Pages).Match("GET", location.pathname)?.$',
          'export const api = Router.Shift("api", Router.Sum(Router.Infer(Pages), Router.Infer({ Ping: "GET /ping" })))',
          // sitelets/fetch: the typed client without parsing; composed, it keeps Fetch and the declared answers.
          'const Users = t.union({ Save: t.case("POST /users", { user: Json(User) }, Returns(User)) })',
          'const calls = Calls.Shift("api", Calls.Sum(Calls.Infer(Pages), Calls.Infer(Users)))',
          'export const saved: Promise<Infer<typeof User>> = calls.Fetch({ $: "Save", user: { id: 1, name: "ann" } })',
          'export const fetched: Promise<Infer<typeof User>> = Calls.Fetch(calls, { $: "User", id: 1 })',
          "// @ts-expect-error: no such field",
          'calls.Link({ $: "User", ident: 1 })',
        ],
      )
      expect(output).toBe("")
    },
    60_000,
  )

  it.each(["typescript", "typescript-6", "typescript-7"])(
    "type-checks a React app on sitelets/react with the browser tsconfig and React's JSX, skipLibCheck: false (%s)",
    (compiler) => {
      const options = { ...documentedTsconfig("browser").compilerOptions, jsx: "react-jsx" }
      const output = typeCheckConsumer(compiler, "react", options, "app.tsx", [
        'import { t } from "sitelets"',
        'import { Router } from "sitelets/route"',
        'import { Router as ClientRouter } from "sitelets/client"',
        'import { ReactRouter } from "sitelets/react"',
        'const Pages = t.union({ Home: "GET /", Post: "GET /blog/<id:int>", Search: "GET /search?q=<q:string?>" })',
        'const { Link, useEndpoint, useNavigate, Location } = ReactRouter(Router.Shift("app", Router.Infer(Pages)))',
        "export const fromClient = ReactRouter(ClientRouter.Infer(Pages))",
        "export function App() {",
        "  const page = useEndpoint()",
        "  const navigate = useNavigate()",
        '  const id: number | undefined = page?.$ === "Post" ? page.id : undefined',
        "  return (",
        '    <Location url="/app/blog/3">',
        '      <Link to={{ $: "Post", id: 3 }} activeProps={{ className: "on" }} onClick={() => navigate({ $: "Home" })}>',
        "        {id}",
        "      </Link>",
        "      {/* @ts-expect-error: no such field */}",
        '      <Link to={{ $: "Post", ident: 3 }} />',
        "    </Location>",
        "  )",
        "}",
      ])
      expect(output).toBe("")
    },
    60_000,
  )
})
