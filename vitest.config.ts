import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The runtime matrix (Bun, Deno, workerd) has its own config and command: npm run test:runtimes.
    exclude: ["test/runtimes/**", "**/node_modules/**"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
  },
})
