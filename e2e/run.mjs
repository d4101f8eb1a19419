// npm run test:e2e: builds when needed, then runs the Chromium end-to-end suite against the built app.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

if (
  !fs.existsSync('apps/server/dist/main.js') ||
  !fs.existsSync('apps/web/dist/index.html') ||
  process.argv.includes('--build')
) {
  execSync('npm run build', { stdio: 'inherit' });
}
execSync('npx vitest run --config e2e/vitest.config.ts', { stdio: 'inherit' });
