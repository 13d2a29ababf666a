import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { log } from '../../lib/log';
import { archiveTime } from './manifest';
import { DAY_MS } from '../../../core/dates';

/** How many archives the nightly backup keeps: one a day for a week, one a week for a month. */
export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;

const FAILURE_FILE = 'last-failure.json';

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
/** The Monday (UTC) of the week `at` falls in. */
const weekOf = (at: Date) => dayOf(new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * DAY_MS));

/** The newest archive of each group, for the `limit` most recent groups. */
function newestPerGroup(
  archives: { name: string; at: Date }[],
  group: (at: Date) => string,
  limit: number,
) {
  const kept = new Map<string, { name: string; at: Date }>();
  for (const archive of [...archives].sort((a, b) => b.at.getTime() - a.at.getTime())) {
    const key = group(archive.at);
    if (!kept.has(key) && kept.size < limit) kept.set(key, archive);
  }
  return [...kept.values()];
}

/**
 * Which archives (by file name) stay: the newest of each of the last 7 days that have one, and,
 * before those, the newest of each of the 4 weeks before. Files that are not archives are never
 * touched.
 */
export function archivesToKeep(names: string[]): Set<string> {
  const archives = names.flatMap((name) => {
    const at = archiveTime(name);
    return at ? [{ name, at }] : [];
  });
  const daily = newestPerGroup(archives, dayOf, KEEP_DAILY);
  if (daily.length === 0) return new Set();
  const oldestDaily = daily[daily.length - 1]!.at;
  // Weeks wholly before the daily archives: the oldest daily's own week is theirs.
  const older = archives.filter(
    (archive) => archive.at < oldestDaily && weekOf(archive.at) !== weekOf(oldestDaily),
  );
  const weekly = newestPerGroup(older, weekOf, KEEP_WEEKLY);
  return new Set([...daily, ...weekly].map((archive) => archive.name));
}

/** Deletes the archives in `dir` that `archivesToKeep` lets go; answers their names. */
export function pruneBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir);
  const keep = archivesToKeep(names);
  const gone = names.filter((name) => archiveTime(name) && !keep.has(name));
  for (const name of gone) rmSync(join(dir, name), { force: true });
  return gone;
}

/** The next moment the clock reads `at` (HH:MM, local time) after `now`. */
export function nextRunAt(now: Date, at: string): Date {
  const [hours, minutes] = at.split(':').map(Number);
  const next = new Date(now);
  next.setHours(hours!, minutes!, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next;
}

export interface BackupStatus {
  /** When the newest archive in the folder was taken; null when there is none. */
  lastGoodAt: string | null;
  /** Its age in whole hours. */
  ageHours: number | null;
  /** The last nightly backup's failure, until a backup succeeds again. */
  failure: { at: string; error: string } | null;
}

/** What the back office's dashboard shows about backups, read from the backups' folder. */
export function backupStatus(dir: string, now = new Date()): BackupStatus {
  const names = existsSync(dir) ? readdirSync(dir) : [];
  const newest = names
    .map(archiveTime)
    .filter((at): at is Date => at !== undefined)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  const failureFile = join(dir, FAILURE_FILE);
  let failure: BackupStatus['failure'] = null;
  if (existsSync(failureFile)) {
    try {
      failure = JSON.parse(readFileSync(failureFile, 'utf8')) as BackupStatus['failure'];
    } catch {
      failure = {
        at: statSync(failureFile).mtime.toISOString(),
        error: 'unreadable failure record',
      };
    }
  }
  return {
    lastGoodAt: newest?.toISOString() ?? null,
    ageHours: newest ? Math.floor((now.getTime() - newest.getTime()) / 3_600_000) : null,
    failure,
  };
}

export interface NightlyOptions {
  /** HH:MM, local time (BACKUP_AT). */
  at: string;
  dir: string;
  /** Takes one backup at `now` (createBackup, run once across processes). */
  backup(now: Date): Promise<unknown>;
  now?: () => Date;
  /** setTimeout, replaced in tests. */
  setTimer?: (run: () => void, ms: number) => { unref?(): unknown };
  clearTimer?: (timer: unknown) => void;
}

/**
 * The nightly backup: at `at` every day, one archive, then the folder pruned to 7 daily and 4
 * weekly archives. A failure is logged and recorded beside the archives (the dashboard shows it)
 * until the next success. A day that already has an archive (another process took it) is skipped.
 */
export function startNightlyBackups(options: NightlyOptions) {
  const now = options.now ?? (() => new Date());
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as NodeJS.Timeout));
  let timer: unknown;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  async function runOnce(): Promise<void> {
    const at = now();
    const today = dayOf(at);
    const names = existsSync(options.dir) ? readdirSync(options.dir) : [];
    if (!names.some((name) => archiveTime(name) && dayOf(archiveTime(name)!) === today)) {
      try {
        await options.backup(at);
        rmSync(join(options.dir, FAILURE_FILE), { force: true });
        log('info', 'backup written', { dir: options.dir });
      } catch (error) {
        const record = {
          at: at.toISOString(),
          error: error instanceof Error ? error.message : String(error),
        };
        log('error', 'backup failed', record);
        try {
          writeFileSync(join(options.dir, FAILURE_FILE), JSON.stringify(record));
        } catch {
          // The folder itself may be what failed; the log has it.
        }
      }
    }
    const gone = pruneBackups(options.dir);
    if (gone.length) log('info', 'old backups deleted', { count: gone.length });
  }

  function schedule(): void {
    if (stopped) return;
    const current = now();
    const handle = setTimer(
      () => {
        running = runOnce().finally(schedule);
      },
      nextRunAt(current, options.at).getTime() - current.getTime(),
    );
    handle.unref?.();
    timer = handle;
  }
  schedule();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimer(timer);
      await running;
    },
  };
}
