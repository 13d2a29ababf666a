import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database has one owner: the running shop. So `npm run backup` asks a running shop
 * to take the backup itself (a request file, then SIGUSR2: only its own user or root can send it)
 * and `npm run restore` refuses while it runs. The shop says it runs in `<DATA_DIR>/server.pid`.
 */
const PID_FILE = 'server.pid';
const REQUEST_FILE = 'backup-request.json';

export const answerFile = (dataDir: string, id: string) =>
  join(dataDir, `backup-answer-${id}.json`);

/** Written when the server listens, removed when it stops. */
export function markRunning(dataDir: string): () => void {
  const file = join(dataDir, PID_FILE);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

/** The pid of the shop running on this data folder, if one is. */
export function runningShop(dataDir: string): number | undefined {
  const file = join(dataDir, PID_FILE);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8'));
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined; // left behind by a shop that did not stop cleanly
  }
}

/** Asks the running shop for a backup; answers what it wrote (its answer file's content). */
export async function requestBackup(dataDir: string, pid: number, id: string, timeoutMs = 600_000) {
  writeFileSync(join(dataDir, REQUEST_FILE), JSON.stringify({ id }));
  process.kill(pid, 'SIGUSR2');
  const until = Date.now() + timeoutMs;
  const answer = answerFile(dataDir, id);
  while (!existsSync(answer)) {
    if (Date.now() > until) throw new Error('The running shop did not answer the backup request.');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const result = JSON.parse(readFileSync(answer, 'utf8')) as { file?: string; error?: string };
  rmSync(answer, { force: true });
  return result;
}

/** The shop's side: the id of the pending request, taken (the request file is removed). */
export function takeBackupRequest(dataDir: string): string | undefined {
  const file = join(dataDir, REQUEST_FILE);
  if (!existsSync(file)) return undefined;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { id: string }).id;
  } finally {
    rmSync(file, { force: true });
  }
}
