import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { archiveName, archiveTime } from '../../api/modules/backup/manifest';
import {
  backupStatus,
  nextRunAt,
  startNightlyBackups,
  type NightlyOptions,
} from '../../api/modules/backup/schedule';

/**
 * The nightly backup on an injected clock and timer: it fires at BACKUP_AT each day, and after 60
 * nights the folder holds exactly the last 7 nights' archives and, before them, the newest of each
 * of the 4 weeks before (a Sunday's, weeks starting on Monday). A failure is recorded for the
 * dashboard until the next success.
 */
const DAY = 86_400_000;

/** A nightly schedule on a clock the test moves: `night()` jumps to the timer's moment and fires. */
function onFakeClock(dir: string, start: Date, backup: NightlyOptions['backup']) {
  let clock = start;
  let timer: { run: () => void; ms: number } | undefined;
  const nightly = startNightlyBackups({
    at: '03:30',
    dir,
    now: () => clock,
    setTimer: (run, ms) => {
      timer = { run, ms };
      return {};
    },
    clearTimer: () => (timer = undefined),
    backup,
  });
  return {
    async night(): Promise<Date> {
      const due = timer!;
      timer = undefined;
      clock = new Date(clock.getTime() + due.ms);
      due.run();
      // The round is done when it has set the next night's timer.
      while (!timer) await new Promise((resolve) => setImmediate(resolve));
      return clock;
    },
    now: () => clock,
    stop: () => nightly.stop(),
  };
}

const writeArchive = (dir: string) => async (at: Date) =>
  writeFileSync(join(dir, archiveName(at)), 'archive');

describe('the nightly backup', () => {
  it('runs at the configured time of day', () => {
    expect(nextRunAt(new Date(2026, 10, 26, 2, 0), '03:30')).toEqual(new Date(2026, 10, 26, 3, 30));
    expect(nextRunAt(new Date(2026, 10, 26, 3, 30), '03:30')).toEqual(
      new Date(2026, 10, 27, 3, 30),
    );
  });

  it('keeps 7 daily and 4 weekly archives after 60 nights', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'evergreen-nightly-'));
    writeFileSync(join(dir, 'notes.txt'), 'not an archive');
    const clock = onFakeClock(dir, new Date(2026, 0, 1, 12, 0), writeArchive(dir));
    const nights: Date[] = [];
    for (let n = 0; n < 60; n += 1) {
      const at = await clock.night();
      expect([at.getHours(), at.getMinutes()]).toEqual([3, 30]);
      nights.push(at);
    }
    await clock.stop();

    const left = readdirSync(dir)
      .filter((name) => name !== 'notes.txt')
      .sort();
    expect(left).toHaveLength(11);
    expect(left.slice(-7)).toEqual(nights.slice(-7).map(archiveName));
    const weekly = left.slice(0, 4).map((name) => archiveTime(name)!);
    const oldestDaily = nights.at(-7)!;
    const mondayOf = (at: Date) =>
      Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) -
      ((at.getUTCDay() + 6) % 7) * DAY;
    expect(weekly.map((at) => at.getUTCDay())).toEqual([0, 0, 0, 0]);
    expect(weekly.map((at) => (mondayOf(oldestDaily) - mondayOf(at)) / (7 * DAY))).toEqual([
      4, 3, 2, 1,
    ]);
    expect(readdirSync(dir)).toContain('notes.txt');
  });

  it('shows a failure and the last good backup until the next one succeeds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'evergreen-nightly-'));
    let failing = false;
    const clock = onFakeClock(dir, new Date(2026, 5, 1, 12), async (at) => {
      if (failing) throw new Error('No space left on device');
      await writeArchive(dir)(at);
    });
    const good = await clock.night();
    expect(backupStatus(dir, clock.now())).toEqual({
      lastGoodAt: good.toISOString(),
      ageHours: 0,
      failure: null,
    });
    failing = true;
    const failed = await clock.night();
    expect(backupStatus(dir, clock.now())).toEqual({
      lastGoodAt: good.toISOString(),
      ageHours: 24,
      failure: { at: failed.toISOString(), error: 'No space left on device' },
    });
    failing = false;
    const again = await clock.night();
    expect(backupStatus(dir, clock.now())).toMatchObject({
      lastGoodAt: again.toISOString(),
      failure: null,
    });
    await clock.stop();
  });
});
