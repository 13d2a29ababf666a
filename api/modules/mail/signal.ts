/**
 * "Mail was queued": lets the outbox worker deliver at once instead of at its next poll. Kept on
 * globalThis because the server entry and Astro's bundle each carry a copy of this module.
 */
const SIGNAL_KEY = Symbol.for('evergreen.mail.queued');
type Holder = { [SIGNAL_KEY]?: EventTarget };

function target(): EventTarget {
  const holder = globalThis as Holder;
  return (holder[SIGNAL_KEY] ??= new EventTarget());
}

export function notifyMailQueued(): void {
  target().dispatchEvent(new Event('queued'));
}

export function onMailQueued(listener: () => void): () => void {
  target().addEventListener('queued', listener);
  return () => target().removeEventListener('queued', listener);
}
