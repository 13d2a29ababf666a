/**
 * The steps of the order flow after which a test harness may inject a fault (tests/api/harness:
 * the process kills itself with SIGKILL, as a power cut would) to prove that a restart and the
 * recovery job lose no stock and no money. The shipped server passes no hook and no setting turns
 * one on: only code that builds the app itself (createApp, apiApp) can hand one in.
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

/** Called by the order flow right after each step: a test's fault, or nothing. */
export type AfterOrderStep = (step: CrashStep) => void;
