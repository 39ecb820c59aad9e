import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/src/**/*.test.ts", "tests/**/*.test.ts", "scripts/**/*.test.mjs"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
