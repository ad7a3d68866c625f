/**
 * The whole example site: pages at the root, the admin area under
 * `/admin` (protected), the JSON API under `/api`, the account area (login, logout,
 * a protected profile) under `/account`. One `Sitelet<Site>`.
 */
import { Sitelet } from "../../src/index.js"
import { Site } from "./endpoints.js"
import { pages } from "./pages.js"
import { admin } from "./admin.js"
import { api } from "./api.js"
import { account, isKnownUser, loginFor } from "./account.js"

/** The served sitelet. */
export const site = Sitelet.Sum(
  pages,
  // The admin area shows the contact messages (names, emails): logged-in users only.
  Sitelet.Protect<Site>(
    { VerifyUser: isKnownUser, LoginRedirect: loginFor },
    Sitelet.Shift("admin", Sitelet.EmbedInUnion(Site, "Admin", admin)),
  ),
  Sitelet.Shift("api", Sitelet.EmbedInUnion(Site, "Api", api)),
  Sitelet.Shift("account", Sitelet.EmbedInUnion(Site, "Account", account)),
)
