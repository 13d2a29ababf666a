/** "Mail was queued": lets the outbox worker deliver at once instead of at its next poll. */
const queued = new EventTarget();
const target = () => queued;

export function notifyMailQueued(): void {
  target().dispatchEvent(new Event('queued'));
}

export function onMailQueued(listener: () => void): () => void {
  target().addEventListener('queued', listener);
  return () => target().removeEventListener('queued', listener);
}
