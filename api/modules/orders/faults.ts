/**
 * Test-only fault points of the order flow. With ORDER_TEST_CRASH_AT=<step> (refused when
 * NODE_ENV=production) the process kills itself with SIGKILL right after that step, as a power
 * cut would, so a test can prove that a restart and the recovery job lose no stock and no money.
 */
export const CRASH_STEPS = [
  /** The idempotency key is claimed; nothing else is written. */
  'claimed',
  /** The order is written as pending_payment with its stock taken; not charged yet. */
  'order-written',
  /** The gateway has charged; the order is still pending_payment. */
  'charged',
  /** The order is paid with its emails queued; the answer is not sent yet. */
  'paid',
] as const;
export type CrashStep = (typeof CRASH_STEPS)[number];

export function crashPoint(configured: CrashStep | undefined, step: CrashStep): void {
  if (configured === step) process.kill(process.pid, 'SIGKILL');
}
