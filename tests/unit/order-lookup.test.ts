import { describe, expect, it } from 'vitest';
import { freshLinksRequestSchema } from '../../core/downloads/model';

describe('the order lookup form (issue 39 point 4)', () => {
  const email = 'lee@example.com';
  it('takes the number as the emails write it, "#1001", or bare', () => {
    for (const written of ['1001', '#1001', ' # 1001 ', 1001]) {
      expect(freshLinksRequestSchema.parse({ orderNumber: written, email }).orderNumber).toBe(1001);
    }
  });
  it('refuses anything else with the form message', () => {
    for (const written of ['', '#', '##1001', '10x', '#-3', '1001.5']) {
      expect(freshLinksRequestSchema.safeParse({ orderNumber: written, email }).success).toBe(
        false,
      );
    }
  });
});
