import { describe, expect, it } from 'vitest';
import { listPhase } from './list-phase';

describe('listPhase', () => {
  it('is loading until the first answer, not empty', () => {
    expect(listPhase({ isPending: true, isError: false }, 0)).toBe('loading');
  });
  it('is empty only once an answer says there is nothing', () => {
    expect(listPhase({ isPending: false, isError: false }, 0)).toBe('empty');
  });
  it('is an error, not empty, after a failed answer', () => {
    expect(listPhase({ isPending: false, isError: true }, 0)).toBe('error');
  });
  it('shows its rows whatever the query is doing', () => {
    expect(listPhase({ isPending: false, isError: false }, 3)).toBe('rows');
    expect(listPhase({ isPending: false, isError: true }, 3)).toBe('rows');
  });
});
