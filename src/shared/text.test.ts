import { describe, expect, it } from 'vitest';
import { formatPersonName } from './text.js';

describe('formatPersonName: capitalised per word', () => {
  it.each([
    ['priya natarajan', 'Priya Natarajan'],
    ['PRIYA NATARAJAN', 'Priya Natarajan'],
    ['  priya   NATARAJAN ', 'Priya Natarajan'],
    ['anne-marie dubois', 'Anne-Marie Dubois'],
    ["seán o'neil", "Seán O'Neil"],
    ["SEÁN O'NEIL", "Seán O'Neil"],
    ['ronald McDonald', 'Ronald McDonald'],
    ['deShawn jones', 'DeShawn Jones'],
    ['élodie ÉTIENNE', 'Élodie Étienne'],
    ['ludwig van beethoven', 'Ludwig Van Beethoven'],
    ['李小龍', '李小龍'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(formatPersonName(input)).toBe(expected);
  });

  it('treats a missing name as empty', () => {
    expect(formatPersonName(undefined)).toBe('');
    expect(formatPersonName(null)).toBe('');
  });
});
