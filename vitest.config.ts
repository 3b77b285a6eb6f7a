import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: [
      "test/support/decoy-model-host.ts",
      "test/support/run-cache-setup.ts",
      "test/support/nobody-reach-setup.ts",
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Tests spawn ffmpeg and the CLI; more workers than cores only adds contention.
    maxWorkers: 2,
    reporters: ["default"],
  },
});
