import { describe, expect, it } from 'vitest';
import { joinStyleMap, parseStyleMap } from './style-map';

describe('the style-path map of Ant Design styles', () => {
  it('splits each entry at its last colon: a path may hold colons, a hash does not', () => {
    const map = 'a|Button:css-abc;ant-design|ant-btn:hover:x1y2;;b:9';
    expect(parseStyleMap(map)).toEqual([
      ['a|Button', 'css-abc'],
      ['ant-design|ant-btn:hover', 'x1y2'],
      ['b', '9'],
    ]);
  });

  it('writes the map back as cssinjs writes it', () => {
    const map = 'p1:h1;p:2:h2';
    expect(joinStyleMap(parseStyleMap(map))).toBe(map);
    expect(joinStyleMap([])).toBe('');
  });
});
