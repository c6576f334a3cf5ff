import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One process owns an embedded database's directory. The server names itself in `DATA_DIR/pglite.pid` while it runs,
 * so the backup command can refuse to copy a directory a running server is writing.
 */
export function pidFile(dataDir: string): string {
  return path.join(dataDir, 'pglite.pid');
}

export function claimPgliteDir(dataDir: string): void {
  const file = pidFile(dataDir);
  writeFileSync(file, String(process.pid));
  process.on('exit', () => {
    if (runningOwner(dataDir) === process.pid) rmSync(file, { force: true });
  });
}

/** The process id of the server that owns the directory, when it is still alive; null otherwise. */
export function runningOwner(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile(dataDir), 'utf8'));
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
