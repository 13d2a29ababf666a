import { useEffect, useEffectEvent, type DependencyList } from 'react';

/**
 * Runs `load` when the component shows and whenever `deps` change, and hands its answer to
 * `onAnswer` unless the component has gone or asked again since (a late answer never wins).
 */
export function useAsyncEffect<T>(
  load: () => Promise<T>,
  onAnswer: (answer: T) => void,
  deps: DependencyList,
): void {
  const answer = useEffectEvent(onAnswer);
  const run = useEffectEvent(load);
  useEffect(() => {
    let active = true;
    void run().then((value) => {
      if (active) answer(value);
    });
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
