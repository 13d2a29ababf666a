import { describe, expect, it } from 'vitest';
import { nextActive, suggestionView } from '../../src/islands/shell/search-box-state';

describe("the search box's suggestions", () => {
  it('steps through the options and past either end back to the text', () => {
    expect(nextActive(-1, 1, 3)).toBe(0);
    expect(nextActive(-1, -1, 3)).toBe(2);
    expect(nextActive(0, 1, 3)).toBe(1);
    expect(nextActive(2, 1, 3)).toBe(-1);
    expect(nextActive(0, -1, 3)).toBe(-1);
  });

  it('shows nothing and says nothing before suggestions are asked for, or while they load', () => {
    expect(suggestionView('mug', { status: 'idle' }, true)).toEqual({
      href: '/search?q=mug',
      options: [],
      shown: false,
      message: '',
    });
    expect(suggestionView('mug', { status: 'loading', query: 'mug' }, true).shown).toBe(false);
  });

  it('says when suggestions failed, and offers the search itself', () => {
    const view = suggestionView('mug', { status: 'failed', query: 'mug' }, true);
    expect(view.shown).toBe(true);
    expect(view.options.at(-1)?.href).toBe('/search?q=mug');
    expect(view.message).toBe('Suggestions are not available. Press Enter to search.');
    expect(suggestionView('mug', { status: 'failed', query: 'mug' }, false).shown).toBe(false);
  });
});
