import { defineConfig } from "tsup"

/**
 * One output module per source module (no bundling, no shared chunks), so
 * a bundler keeps only the modules an import reaches: `import { Router, t }
 * from "sitelets"` carries no sitelet, session or host code. Declarations
 * come from tsc (tsconfig.build.json), one per module too. No source maps:
 * the sources are not shipped, and maps pointing at them would be dead
 * weight (about 850 KB of the 1.3 MB the bundled build unpacked to).
 */
export default defineConfig({
  entry: ["src/**/*.ts"],
  bundle: false,
  format: ["esm"],
  dts: false,
  clean: true,
  sourcemap: false,
  target: "es2022",
  platform: "neutral",
  // One line per module would bury the test output; errors still print.
  silent: true,
})
