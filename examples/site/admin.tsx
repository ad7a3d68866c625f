/**
 * The admin area: a sitelet over its own `Admin` union, embedded into
 * `Site` with `EmbedInUnion` and mounted with `Shift("admin")`.
 */
import { Sitelet, type Context } from "../../src/index.js"
import type { JSX } from "sitelets/jsx-runtime"
import { Admin } from "./endpoints.js"
import { store } from "./data.js"
import { layout, siteLinks } from "./layout.js"

// The site's layout, with the admin area's own navigation on top of the page.
const page = (ctx: Context<Admin>, title: string, body: JSX.Element) =>
  layout(
    siteLinks(ctx),
    `Admin · ${title}`,
    <>
      <nav class="sub" aria-label="Admin">
        <a href={ctx.Link({ $: "Dashboard" })}>Dashboard</a>
        <a href={ctx.Link({ $: "Messages" })}>Messages</a>
      </nav>
      {body}
    </>,
    "Admin",
  )

/** The admin sitelet; its links translate into `/admin/…` once embedded. */
export const admin = Sitelet.Infer(Admin, {
  Dashboard: async (ctx) =>
    page(
      ctx,
      "Dashboard",
      <p>{`${(await store.articles()).length} articles, ${(await store.messages()).length} messages.`}</p>,
    ),
  Messages: async (ctx) =>
    page(
      ctx,
      "Messages",
      <div class="table">
        <table>
          <thead>
            <tr>
              <th>From</th>
              <th>Email</th>
              <th>Message</th>
            </tr>
          </thead>
          <tbody>
            {(await store.messages()).map((m) => (
              <tr>
                <td>{m.name}</td>
                <td>{m.email}</td>
                <td>{m.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>,
    ),
})
