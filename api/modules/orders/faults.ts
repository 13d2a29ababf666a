/**
 * Test-only fault points of the order flow. With ORDER_TEST_CRASH_AT=<step> (refused when
 * NODE_ENV=production) the process kills itself with SIGKILL right after that step, as a power
 * cut would, so a test can prove that a restart and the recovery job lose no stock and no money.
 */
import type { CrashStep } from '../../config';

export { CRASH_STEPS, type CrashStep } from '../../config';

export function crashPoint(configured: CrashStep | undefined, step: CrashStep): void {
  if (configured === step) process.kill(process.pid, 'SIGKILL');
}
