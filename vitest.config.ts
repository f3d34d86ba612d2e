import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/temp-root.ts'],
    // Integration tests start real servers; give them room, but no test measures speed.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
