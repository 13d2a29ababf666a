import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataFolderOwner, isSameProcess, type LockOwner } from '../../db/data-lock';

/**
 * The embedded database has one owner: the running shop. So `npm run backup` asks a running shop
 * to take the backup itself (a request file, then SIGUSR2: only its own user or root can send it)
 * and `npm run restore` refuses while it runs. The shop is known by the data folder's lock
 * (api/db/data-lock.ts): its PID and that process's start time, so a PID reused by another program
 * is never signalled.
 */
const REQUEST_FILE = 'backup-request.json';

export const answerFile = (dataDir: string, id: string) =>
  join(dataDir, `backup-answer-${id}.json`);

/** The shop running on this data folder (its lock's owner), if one is. */
export function runningShop(dataDir: string): LockOwner | undefined {
  const owner = dataFolderOwner(dataDir);
  return owner?.role === 'the shop' ? owner : undefined;
}

/** Asks the running shop for a backup; answers what it wrote (its answer file's content). */
export async function requestBackup(
  dataDir: string,
  shop: LockOwner,
  id: string,
  timeoutMs = 600_000,
) {
  writeFileSync(join(dataDir, REQUEST_FILE), JSON.stringify({ id }));
  // Checked again just before the signal: the PID must still be that very process.
  if (!isSameProcess(shop)) throw new Error('The shop has stopped.');
  process.kill(shop.pid, 'SIGUSR2');
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
