import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config';

/**
 * One owner per data folder (issue 36 row 2): the embedded database may be opened by one process
 * only, so the server and every command that opens it (`admin:create`, `db:migrate`, `db:seed`,
 * `restore`, `backup`) take one lock file in DATA_DIR, created with O_EXCL, naming its owner's PID
 * and that process's start time (from /proc). A lock whose PID is gone, or whose PID now belongs
 * to a process that started at another time (the PID was reused), is stale and taken over; such a
 * PID is never signalled.
 */
export const LOCK_FILE = 'evergreen.lock';

export interface LockOwner {
  pid: number;
  /** The process's start time (clock ticks since boot, /proc/<pid>/stat field 22). */
  started: string;
  /** What holds it: 'the shop', 'npm run db:migrate', … */
  role: string;
  /** The shop's port, for the sentence that names it. */
  port?: number;
}

/** Field 22 of /proc/<pid>/stat (the process's start time), or undefined when it does not run. */
export function processStarted(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19];
  } catch {
    return undefined;
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) && typeof owner.started === 'string' ? owner : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `owner` is still the very process that wrote the lock: the same PID with the same start
 * time. Where there is no /proc (macOS, for development) the start time is empty and only whether
 * the PID runs can be told.
 */
export function isSameProcess(owner: LockOwner): boolean {
  if (owner.started) return processStarted(owner.pid) === owner.started;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
const isAlive = isSameProcess;

/** The live owner of `dataDir`'s lock, if there is one (a stale lock answers undefined). */
export function dataFolderOwner(dataDir: string): LockOwner | undefined {
  const owner = readOwner(join(dataDir, LOCK_FILE));
  return owner && isAlive(owner) ? owner : undefined;
}

/** The one sentence a second owner is refused with. */
export function ownedBy(owner: LockOwner, dataDir: string): string {
  const holder =
    owner.role === 'the shop'
      ? `The shop is already running on ${dataDir} (pid ${owner.pid}${owner.port ? `, port ${owner.port}` : ''})`
      : `${owner.role} (pid ${owner.pid}) is using ${dataDir}`;
  return `${holder}: stop it first, or use another DATA_DIR.`;
}

export class DataFolderInUse extends ConfigError {
  constructor(
    readonly owner: LockOwner,
    dataDir: string,
  ) {
    super(ownedBy(owner, dataDir));
  }
}

const held = new Map<string, { count: number; release(): void }>();
const STALE_PARTIAL_MS = 2_000;

/**
 * Takes the lock on `dataDir` for this process (again: counted, released by the last release) or
 * throws DataFolderInUse. Answers its release; a process that exits drops it too.
 */
export function lockDataFolder(dataDir: string, role: string, port?: number): () => void {
  const mine = held.get(dataDir);
  if (mine) {
    mine.count++;
    return once(() => mine.release());
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, started: processStarted(process.pid) ?? '', role };
  if (port) me.port = port;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 20) throw error;
    }
    const owner = readOwner(file);
    if (owner && isAlive(owner)) throw new DataFolderInUse(owner, dataDir);
    // A lock being written this instant has no owner yet: only an old one is stale.
    if (!owner && Date.now() - mtimeOf(file) < STALE_PARTIAL_MS) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    removeIfStill(file, owner);
  }
  const drop = () => {
    if (readOwner(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  process.on('exit', drop);
  const entry = {
    count: 1,
    release() {
      if (--entry.count > 0) return;
      held.delete(dataDir);
      process.off('exit', drop);
      drop();
    },
  };
  held.set(dataDir, entry);
  return once(() => entry.release());
}

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** Removes a stale lock unless another process replaced it meanwhile. */
function removeIfStill(file: string, stale: LockOwner | undefined): void {
  const now = readOwner(file);
  if (JSON.stringify(now) === JSON.stringify(stale)) rmSync(file, { force: true });
}

function once(work: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    work();
  };
}
