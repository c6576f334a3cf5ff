import { describe, expect, it } from 'vitest';
import { ACCESSIBLE_TOKENS, contrast } from './theme-config';

describe('the accessible theme tokens', () => {
  it('each status colour reads at 4.5:1 or more on its own light background (tags and alerts draw it there)', () => {
    const t: Record<string, string> = ACCESSIBLE_TOKENS;
    for (const status of ['Success', 'Warning', 'Error', 'Info']) {
      const fg = t[`color${status}`]!;
      const bg = t[`color${status}Bg`];
      expect(bg, `color${status}Bg`).toMatch(/^#[0-9a-f]{6}$/i);
      expect(contrast(fg, bg!), `${status} ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
