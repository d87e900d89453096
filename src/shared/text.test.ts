import { describe, expect, it } from 'vitest';
import { formatPersonName, waitInWords } from './text.js';
import { tooManyAttempts } from './messages.js';

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

describe('waitInWords: how long to wait, rounded up', () => {
  it.each([
    [0, 'in 1 second'],
    [1, 'in 1 second'],
    [45, 'in 45 seconds'],
    [59.2, 'in 1 minute'],
    [60, 'in 1 minute'],
    [61, 'in 2 minutes'],
    [514, 'in 9 minutes'],
    [900, 'in 15 minutes'],
    [90 * 60, 'in 90 minutes'],
    [90 * 60 + 1, 'in 2 hours'],
    [5 * 3600, 'in 5 hours'],
  ])('%d s → %j', (seconds, expected) => {
    expect(waitInWords(seconds)).toBe(expected);
  });

  it('makes the rate-limit answer', () => {
    expect(tooManyAttempts(514)).toBe('Too many attempts. Try again in 9 minutes.');
  });
});
