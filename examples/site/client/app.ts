/**
 * The front end's entry point (bundled for the browser by `bundle.ts`):
 * installs the page router in history mode and renders the view of each
 * page. Links are ordinary `<a href>`s; the installed router takes over
 * plain clicks on those it accepts, so navigation never reloads the page.
 */
import { Router } from "../../../src/client/index.js"
import { h, mount } from "./dom.js"
import { pages, type Pages } from "./routes.js"
import { Link, viewOf } from "./views.js"

const root = document.getElementById("app")
if (root === null) throw new Error("The page has no #app element")

const nav = h(
  "nav",
  null,
  Link({ $: "Home" }, "Home"),
  " · ",
  Link({ $: "Articles" }, "Articles"),
  " · ",
  Link({ $: "Write" }, "Write"),
)
const view = h("main", { id: "view" })
mount(root, nav, view)

let shown = 0

function render(page: Pages | undefined): void {
  const mine = ++shown
  view.dataset.view = page?.$ ?? "NotFound"
  for (const link of nav.querySelectorAll("a")) link.classList.toggle("active", link.dataset.page === page?.$)
  document.title = `${page?.$ ?? "Not found"} — sitelets client`
  mount(view, viewOf(page, { navigate: (next, options) => app.navigate(next, options), current: () => mine === shown }))
}

const app = Router.Install(pages, { onChange: render })
