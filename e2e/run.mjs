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
try {
  execSync('npx vitest run --config e2e/vitest.config.ts', { stdio: 'inherit' });
} catch (error) {
  // vitest names the failing files above; the servers' side of their story is in the logs
  console.error(
    '\nEach test worker drove its own server: its output is in e2e/artifacts/server-<n>.log,' +
      " each file's requests under a line with its name.",
  );
  process.exit(error.status ?? 1);
}
