/**
 * The orders server (tests/helpers/orders-server.ts) with a fault injected by this harness: the
 * process kills itself with SIGKILL right after the order step named on the command line, as a
 * power cut would (tests/api/orders-crash.test.ts). The shipped server has no way to do this.
 * Run with `node --import tsx tests/api/harness/crash-server.ts <step>`.
 */
import { apiApp } from '../../../api';
import { CRASH_STEPS, type CrashStep } from '../../../api/modules/orders/faults';

const crashAt = process.argv[2] as CrashStep;
if (!CRASH_STEPS.includes(crashAt)) throw new Error(`unknown order step: ${process.argv[2]}`);

// The first call builds the process's one app; the orders server's own call then reaches it.
await apiApp({
  afterOrderStep: (step) => {
    if (step === crashAt) process.kill(process.pid, 'SIGKILL');
  },
});
await import('../../helpers/orders-server');
