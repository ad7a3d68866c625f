import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../..", import.meta.url))

// V8's own answer, asked in a child started with --allow-natives-syntax (the only way to ask it): whether an object
// has a shape of its own (fast properties) or is a dictionary, where every property read is a hash lookup.
const shapes = `
import { Content, Router, Sitelet, t } from "./src/index.ts"
const Site = t.union({ Home: "GET /", Post: "GET /blog/<id:int>" })
const site = Sitelet.Infer(Site, { Home: () => Content.Text("home"), Post: () => Content.Text("post") })
const fast = (value) => new Function("value", "return %HasFastProperties(value)")(value)
const routers = [Router.Infer(Site), Router.Infer(Site), Router.Sum(Router.Infer(Site), Router.Infer(Site)), site.Router]
const Twice = t.union({ A: "GET /a", B: "GET /a" })
const derived = Object.create(Router.Infer(Twice))
process.stdout.write(JSON.stringify({ routers: routers.map(fast), shadowed: routers[0].Shadowed, derived: derived.Shadowed }))
`

describe("makeRouter", () => {
  it("gives every router a shape of its own, however many are made (Match and Link are no hash lookups)", () => {
    // A getter written in the object literal is a new function per router: V8 then makes each router after the
    // first a dictionary. The accessor is shared, and Shadowed still computes on first read.
    const out = execFileSync(
      process.execPath,
      ["--allow-natives-syntax", "--import", "tsx", "--input-type=module", "-e", shapes],
      {
        cwd: root,
        encoding: "utf8",
      },
    )
    expect(JSON.parse(out)).toEqual({ routers: [true, true, true, true], shadowed: [], derived: ["B (shadowed by A)"] })
  })
})
