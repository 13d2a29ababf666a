import { describe, expect, it } from 'vitest';
import { defineFlow } from '../../api/lib/flow';

describe('defineFlow', () => {
  it('runs the steps in order and undoes the done ones in reverse when one fails', async () => {
    const journal: string[] = [];
    const step = (name: string, fail = false) => ({
      name,
      run: async () => {
        journal.push(`run ${name}`);
        if (fail) throw new Error(`${name} failed`);
      },
      undo: async () => {
        journal.push(`undo ${name}`);
      },
    });
    const flow = defineFlow('test', [step('a'), step('b'), step('c', true), step('d')]);
    await expect(flow.run({})).rejects.toThrow('c failed');
    expect(journal).toEqual(['run a', 'run b', 'run c', 'undo b', 'undo a']);
  });

  it('keeps undoing when an undo fails, and passes on the original failure', async () => {
    const undone: string[] = [];
    const flow = defineFlow('test', [
      { name: 'a', run: async () => {}, undo: async () => void undone.push('a') },
      {
        name: 'b',
        run: async () => {},
        undo: async () => {
          throw new Error('undo b broke');
        },
      },
      {
        name: 'c',
        run: async () => {
          throw new Error('c failed');
        },
      },
    ]);
    await expect(flow.run({})).rejects.toThrow('c failed');
    expect(undone).toEqual(['a']);
  });

  it("ends early and successfully when a step answers 'done'", async () => {
    const ran: string[] = [];
    const flow = defineFlow<{ value?: number }>('test', [
      {
        name: 'a',
        run: async (context) => {
          context.value = 1;
          return 'done';
        },
      },
      { name: 'b', run: async () => void ran.push('b') },
    ]);
    expect(await flow.run({})).toEqual({ value: 1 });
    expect(ran).toEqual([]);
  });
});
