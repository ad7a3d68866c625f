import { defineConfig } from "vitest/config"
import { packageAliases } from "./vitest.shared.js"

export default defineConfig({
  resolve: { alias: packageAliases },
  // Pages in JSX: the library's own automatic runtime, as a user's tsconfig sets it.
  oxc: { jsx: { runtime: "automatic", importSource: "sitelets" } },
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    // The runtime matrix (Bun, Deno, workerd) has its own config and command: npm run test:runtimes.
    exclude: ["test/runtimes/**", "**/node_modules/**"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/support/expected-warnings.ts"],
    testTimeout: 30_000,
    // The example's database in memory (PGlite, nothing written to .data/): each test file starts from the seed.
    env: { SITELETS_DATA: "memory://" },
  },
})
