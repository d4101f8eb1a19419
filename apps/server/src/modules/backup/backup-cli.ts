import path from 'node:path';
import { loadConfig } from '../../config';
import { BackupRefused, createBackup } from './backup';

/** npm run backup [-- --out FILE]: the database and the uploaded files in one archive. */
const args = process.argv.slice(2);
const outArg = args.includes('--out') ? args[args.indexOf('--out') + 1] : undefined;
const stamp = new Date().toISOString().replace(/[:T]/g, '-').slice(0, 19);
// npm runs the script in the server's folder: a relative path is the caller's
const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), outArg ?? `openseat-backup-${stamp}.tar.gz`);

try {
  const manifest = await createBackup(loadConfig(), out);
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    `Backed up ${Object.keys(manifest.tables).length} tables (${rows} rows) and ${manifest.files.length} files to ${out}`,
  );
} catch (err) {
  console.error(err instanceof BackupRefused ? err.message : err);
  process.exit(1);
}
