/**
 * A tiny static page for the hash-mode browser test: `Router.InstallHash`,
 * links from `app.href`, a button calling `navigate`. Every change is
 * recorded in `window.changes` so the test sees each one exactly once.
 */
import { Router, t } from "../../src/client/index.js"

const Pages = t.union({
  Home: "GET /",
  Article: "GET /article/<id:int>/<slug>",
  Search: "GET /search?q=<q>",
})

const router = Router.Infer(Pages)
const changes: string[] = []
;(window as unknown as { changes: string[] }).changes = changes
const view = document.getElementById("view")!

const app = Router.InstallHash(router, {
  onChange: (page) => {
    changes.push(page === undefined ? "none" : JSON.stringify(page))
    view.dataset.view = page?.$ ?? "none"
    view.textContent = page === undefined ? "not a route" : JSON.stringify(page)
  },
})

const nav = document.getElementById("nav")!
const link = (id: string, page: Parameters<typeof app.href>[0], text: string) => {
  const a = document.createElement("a")
  a.id = id
  a.href = app.href(page)
  a.textContent = text
  nav.append(a, " ")
}
link("home", { $: "Home" }, "Home")
link("article", { $: "Article", id: 2, slug: "a b" }, "Article 2")
const button = document.createElement("button")
button.id = "search"
button.textContent = "Search"
button.onclick = () => app.navigate({ $: "Search", q: "x&y" })
nav.append(button)
