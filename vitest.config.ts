import { defineConfig } from "vitest/config"
import { packageAliases } from "./vitest.shared.js"

export default defineConfig({
  resolve: { alias: packageAliases },
  test: {
    include: ["test/**/*.test.ts"],
    // The runtime matrix (Bun, Deno, workerd) has its own config and command: npm run test:runtimes.
    exclude: ["test/runtimes/**", "**/node_modules/**"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
  },
})
