import { fileURLToPath } from "node:url";

import { defineConfig } from "vitest/config";

// Served by the Django app: index.html at /play/, the rest under /static/play/ (WhiteNoise).
export default defineConfig({
  base: "/static/play/",
  resolve: {
    alias: { "hearts-client": fileURLToPath(new URL("../openapi/typescript/src/index.ts", import.meta.url)) },
  },
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", sourcemap: false },
  test: { environment: "node", include: ["test/**/*.test.ts"] },
});
