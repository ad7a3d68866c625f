import { describe, expect, it } from "vitest"
import { Content, Http, Sitelet, t } from "../../src/index.js"

const Api = t.union({ List: "GET /items", Get: "GET /items/<id:int>" })
const api = Sitelet.InferWithErrors(Api, (_ctx, r) =>
  r.$ === "Success" ? Content.Text(r.endpoint.$) : Content.SetStatus(Http.Status.MethodNotAllowed, Content.Text(r.$)),
)
const rest = Sitelet.Infer(t.union({ Any: "/<...path>" }), (_ctx, e) =>
  Content.SetStatus(Http.Status.NotFound, Content.Text(`fallback ${e.path}`)),
)

const answer = async (site: ReturnType<typeof Sitelet.Sum>, method: string, path: string) => {
  const response = await site.Handle(new Request(`http://x${path}`, { method }))
  return response === undefined ? undefined : `${response.status} ${await response.text()}`
}

describe("Sitelet.Fallback", () => {
  const site = Sitelet.Sum(Sitelet.Shift("api", api), Sitelet.Shift("api", Sitelet.Fallback(rest)))

  it("serves what no other part accepts", async () => {
    expect(await answer(site, "GET", "/api/items/abc")).toBe("404 fallback items/abc")
    expect(await answer(site, "POST", "/api/other/x")).toBe("404 fallback other/x")
  })
  it("leaves the other parts' answers alone, their lenient (error) answers included", async () => {
    expect(await answer(site, "GET", "/api/items/2")).toBe("200 Get")
    expect(await answer(site, "DELETE", "/api/items/2")).toBe("405 InvalidMethod")
  })
  it("without Fallback, a catch-all part takes wrong-method requests from an InferWithErrors part before it", async () => {
    const plain = Sitelet.Sum(Sitelet.Shift("api", api), Sitelet.Shift("api", rest))
    expect(await answer(plain, "DELETE", "/api/items/2")).toBe("404 fallback items/2")
  })
  it("does not change links, and does nothing outside its prefix", async () => {
    expect(site.Router.Link({ $: "Any", path: "a/b" })).toBe("/api/a/b")
    expect(await answer(site, "GET", "/elsewhere")).toBeUndefined()
  })
})
