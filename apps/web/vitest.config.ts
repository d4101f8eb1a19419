import { defineProject } from 'vitest/config';

/** The screens' components, rendered in jsdom with the real providers against msw's answers (no server). */
export default defineProject({
  test: {
    name: 'unit:web-components',
    include: ['src/**/*.test.tsx'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    env: { TZ: 'UTC' },
    // a first render in jsdom loads MUI and the locales: seconds, many on a loaded machine
    testTimeout: 60_000,
  },
});
