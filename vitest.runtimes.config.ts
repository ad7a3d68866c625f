import { defineConfig } from "vitest/config"
import { packageAliases } from "./vitest.shared.js"

// The runtime matrix: npm run test:runtimes (installs Bun, Deno and workerd from npm into test/runtimes first).
export default defineConfig({
  resolve: { alias: packageAliases },
  test: {
    include: ["test/runtimes/**/*.test.ts"],
    setupFiles: ["test/support/expected-warnings.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
