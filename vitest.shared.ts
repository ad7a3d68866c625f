/**
 * What every vitest config of the project shares: the package's own names
 * (`sitelets`, `sitelets/node`, `sitelets/client`) resolved to the sources,
 * as `tsconfig.json`'s `paths` does for the type checker, so examples are
 * written with a user's imports.
 */
import { fileURLToPath } from "node:url"

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export const packageAliases = [
  { find: /^sitelets\/node$/, replacement: source("./src/host/node/index.ts") },
  { find: /^sitelets\/client$/, replacement: source("./src/client/index.ts") },
  { find: /^sitelets\/mcp$/, replacement: source("./src/mcp/index.ts") },
  { find: /^sitelets\/link$/, replacement: source("./src/link/index.ts") },
  { find: /^sitelets\/compile$/, replacement: source("./src/router/table/compile-entry.ts") },
  { find: /^sitelets\/jsx-runtime$/, replacement: source("./src/jsx-runtime.ts") },
  { find: /^sitelets\/jsx-dev-runtime$/, replacement: source("./src/jsx-dev-runtime.ts") },
  { find: /^sitelets$/, replacement: source("./src/index.ts") },
]
