import { defineConfig } from "tsup"

export default defineConfig({
  entry: { index: "src/index.ts", node: "src/host/node.ts", client: "src/client/index.ts" },
  format: ["esm"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  platform: "neutral",
  treeshake: true,
})
