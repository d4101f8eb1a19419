import path from 'node:path';
import { loadConfig } from '../../config';
import { BackupRefused, restoreBackup } from './backup';

/** npm run restore -- FILE [--force]: into an empty database and files folder (--force replaces what is there). */
const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('Usage: npm run restore -- <backup.tar.gz> [--force]');
  process.exit(2);
}
const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

try {
  const manifest = await restoreBackup(loadConfig(), archive, { force: args.includes('--force') });
  console.log(
    `Restored the backup of ${manifest.createdAt}: ${Object.keys(manifest.tables).length} tables and ${manifest.files.length} files, checked against its manifest.`,
  );
} catch (err) {
  console.error(err instanceof BackupRefused ? err.message : err);
  process.exit(1);
}
