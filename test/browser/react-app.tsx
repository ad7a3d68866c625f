/** @jsxImportSource react */
/**
 * A small React app for the Chromium test of `sitelets/react`, written as a
 * user writes one: JSX, typed `Link`s, `useEndpoint` to choose the view,
 * `useNavigate` from a form. Rendered on the server (`renderToString` in
 * `Location`) and hydrated in the browser, on `sitelets/route`'s light router; every render of the view is
 * counted in `window.renders` so the test sees that no reload happened.
 */
import type { ReactElement } from "react"
import { t } from "../../src/descriptor/t.js"
import { Router } from "../../src/link/route.js"
import { ReactRouter } from "../../src/react/index.js"

export const Pages = t.union({
  Home: "GET /",
  Post: "GET /blog/<id:int>/<slug>",
  Search: "GET /search?q=<q:string?>&page=<page:int?>",
  Archive: "GET /archive/<day:datetime(yyyy-MM-dd)>",
})

export const routes = ReactRouter(Router.Shift("app", Router.Infer(Pages)))
const { Link, useEndpoint, useNavigate } = routes

function View(): ReactElement {
  const page = useEndpoint()
  switch (page?.$) {
    case "Home":
      return <h1 data-view="Home">Home</h1>
    case "Post":
      return (
        <h1 data-view="Post">
          Post {page.id}: {page.slug}
        </h1>
      )
    case "Search":
      return (
        <h1 data-view="Search">
          Search {page.q ?? ""} page {page.page ?? 1}
        </h1>
      )
    case "Archive":
      return <h1 data-view="Archive">Archive {page.day.toISOString().slice(0, 10)}</h1>
    case undefined:
      return <h1 data-view="none">Not found</h1>
  }
}

function SearchForm(): ReactElement {
  const navigate = useNavigate()
  return (
    <form
      id="search"
      onSubmit={(event) => {
        event.preventDefault()
        const q = new FormData(event.currentTarget).get("q")
        navigate({ $: "Search", q: typeof q === "string" ? q : undefined, page: 2 }, { replace: true })
      }}
    >
      <input name="q" defaultValue="typed" />
      <button type="submit">Search</button>
    </form>
  )
}

export function App(): ReactElement {
  return (
    <>
      <nav>
        <Link id="home" to={{ $: "Home" }}>
          Home
        </Link>{" "}
        <Link id="post" to={{ $: "Post", id: 3, slug: "hello world" }} activeProps={{ className: "active" }}>
          Post 3
        </Link>{" "}
        <Link id="archive" to={{ $: "Archive", day: new Date(Date.UTC(2026, 10, 27)) }}>
          Archive
        </Link>
      </nav>
      <SearchForm />
      <main>
        <View />
      </main>
    </>
  )
}
