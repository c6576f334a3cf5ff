import { defineConfig } from 'vitest/config';

/**
 * Unit tests of the web app's pure modules (rules, URL state, formatting): Node, no browser, no build plugins. Screens
 * are tested in Chromium by the e2e suite.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
