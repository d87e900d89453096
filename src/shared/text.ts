/**
 * How text is cased, one function per kind, used by the server (emails, certificates, invoices)
 * and the web app alike.
 */

/** A word part that starts a name part: after a space, a hyphen or an apostrophe. */
const NAME_PART = /(^|[-\u2010\u2011'\u2019])(\p{Ll})/gu;

/**
 * A person's name 'capitalised per word' (spec: header, dashboard, profile), wherever a name is
 * shown or sent: each word, and each part of a hyphenated or apostrophised word, starts with a
 * capital. A word typed in one case is normalised ('PRIYA' and 'priya' → 'Priya', 'anne-marie' →
 * 'Anne-Marie', "o'neil" → "O'Neil"); a word with capitals inside is kept as written ('McDonald',
 * 'DeShawn'). Runs of spaces become one.
 */
export function formatPersonName(name: string | null | undefined): string {
  return (name ?? '')
    .trim()
    .split(/\s+/u)
    .filter(Boolean)
    .map((word) => {
      const letters = word.replace(/[^\p{L}]/gu, '');
      const mixed = /\p{Ll}/u.test(letters) && /\p{Lu}/u.test(letters.slice(1));
      const base = mixed ? word : word.toLocaleLowerCase();
      return base.replace(NAME_PART, (_match, lead: string, letter: string) => lead + letter.toLocaleUpperCase());
    })
    .join(' ');
}

const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'from',
  'in',
  'into',
  'nor',
  'of',
  'on',
  'or',
  'the',
  'to',
  'vs',
  'via',
  'with',
]);

/**
 * Title Case: every word starts with a capital; short joining words (and, of, the...) stay lower
 * case unless they open the title or follow a colon. Letters after the first are kept as written,
 * and a word with a capital inside ('macOS', 'iPhone') is left alone.
 */
export function toTitleCase(text: string): string {
  const parts = text.trim().split(/(\s+)/);
  let previous = '';
  return parts
    .map((part, index) => {
      if (!part || /^\s+$/.test(part)) return part;
      const opens = index === 0 || /[:.!?–—]$/.test(previous);
      previous = part;
      if (!opens && index !== parts.length - 1 && SMALL_WORDS.has(part)) return part;
      if (/\p{Lu}/u.test(part.slice(1))) return part; // macOS, iPhone, JavaScript: written as meant
      return part.replace(/^([^\p{L}\p{N}]*)(\p{Ll})/u, (_match, lead: string, letter: string) => lead + letter.toUpperCase());
    })
    .join('');
}

const inWords = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/**
 * A wait in words, rounded up so nobody is told to come back too early: 45 → 'in 45 seconds',
 * 514 → 'in 9 minutes', 3600 → 'in 60 minutes', 5400 → 'in 2 hours'. Under 90 minutes the
 * answer is in minutes, which a person can act on; beyond that in hours.
 */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return inWords.format(s, 'second');
  if (s <= 90 * 60) return inWords.format(Math.ceil(s / 60), 'minute');
  return inWords.format(Math.ceil(s / 3600), 'hour');
}
