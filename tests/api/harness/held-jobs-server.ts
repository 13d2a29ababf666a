/**
 * The process server (tests/helpers/process-server.ts) whose rounds of scheduled jobs keep their
 * lock a further HOLD_MS milliseconds (the first argument), so two rounds that overlapped would
 * show in the log (tests/api/multi-process.test.ts). The pause is injected by this harness; the
 * shipped server has no setting for it.
 * Run with `node --import tsx tests/api/harness/held-jobs-server.ts <ms>`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { apiApp } from '../../../api';

const holdMs = Number(process.argv[2]);
if (!Number.isInteger(holdMs) || holdMs <= 0) throw new Error('usage: held-jobs-server.ts <ms>');

// The first call builds the process's one app; the process server's own call then reaches it.
await apiApp({ endOfJobsRound: () => sleep(holdMs) });
await import('../../helpers/process-server');
