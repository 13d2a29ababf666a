import { log } from './log';

/**
 * A use case that spans several steps, each of which can undo itself (Medusa's workflows, in
 * small). Steps run in order; when one fails, the steps already done are undone in reverse order
 * and the failure is passed on. A step may end the flow early, successfully, by returning 'done'.
 */
export interface FlowStep<Context> {
  /** Names the step in one line, e.g. 'reserve stock'. */
  name: string;
  run(context: Context): Promise<void | 'done'>;
  undo?(context: Context): Promise<void>;
}

export interface Flow<Context> {
  name: string;
  steps: readonly FlowStep<Context>[];
  run(context: Context): Promise<Context>;
}

export function defineFlow<Context>(name: string, steps: FlowStep<Context>[]): Flow<Context> {
  return {
    name,
    steps,
    async run(context) {
      const done: FlowStep<Context>[] = [];
      try {
        for (const step of steps) {
          const outcome = await step.run(context);
          done.push(step);
          if (outcome === 'done') break;
        }
        return context;
      } catch (error) {
        for (const step of done.reverse()) {
          if (!step.undo) continue;
          try {
            await step.undo(context);
          } catch (undoError) {
            // The original failure is what the caller must see; the log keeps the second one.
            log('error', 'flow step could not be undone', {
              flow: name,
              step: step.name,
              error: String(undoError),
            });
          }
        }
        throw error;
      }
    },
  };
}
