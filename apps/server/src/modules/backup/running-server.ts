import fs from 'node:fs';
import path from 'node:path';

/*
 * The embedded database's folder is one running process's: its files are only consistent to copy while no server
 * has it open. The server marks the folder while it runs (its pid), and the backup and restore commands refuse it.
 */

const markOf = (dataDir: string) => path.join(dataDir, 'server.pid');

/** Marks the data folder as in use by this process until it exits. */
export function markServerRunning(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(markOf(dataDir), String(process.pid));
  process.once('exit', () => fs.rmSync(markOf(dataDir), { force: true }));
}

/** The pid of a live server that has the data folder open, or null (a mark left by a crash is not one). */
export function runningServer(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(markOf(dataDir), 'utf8'));
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: it lives, under another user
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
