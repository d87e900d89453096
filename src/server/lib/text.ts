/**
 * The one text normalisation for everything we store or queue: a lone UTF-16 surrogate (a JSON
 * body may carry "\ud800") is not text PostgreSQL can hold. In a text column the driver's UTF-8
 * encoding quietly made it U+FFFD; in a jsonb value (a job's payload, an audit entry, a course's
 * lists) PostgreSQL refused it and the request answered 500. Replaced here the same way, once.
 */
const LONE_SURROGATE = /\p{Cs}/gu;

export function wellFormedText(text: string): string {
  return text.replace(LONE_SURROGATE, '\ufffd');
}

type Container = unknown[] | Record<string, unknown>;

function isContainer(value: unknown): value is Container {
  if (Array.isArray(value)) return true;
  if (!value || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * Makes every string and key of a parsed JSON value well-formed text, in place, walking it
 * without recursion (breadth first, fields in order). `stopAt` is asked about each string and
 * key as found, with the dotted path of its field (a key's own field); the first it answers true
 * ends the walk and is returned ('non_field_errors' for the top level).
 */
export function makeWellFormed(root: unknown, stopAt?: (text: string) => boolean): string | undefined {
  const top = 'non_field_errors';
  if (typeof root === 'string') return stopAt?.(root) ? top : undefined;
  if (!isContainer(root)) return undefined;
  const queue: { node: Container; path: string }[] = [{ node: root, path: '' }];
  for (let head = 0; head < queue.length; head++) {
    const { node, path } = queue[head]!;
    const visit = (item: unknown, field: string, set: (clean: string) => void): boolean => {
      if (typeof item === 'string') {
        if (stopAt?.(item)) return true;
        const clean = wellFormedText(item);
        if (clean !== item) set(clean);
      } else if (isContainer(item)) queue.push({ node: item, path: field });
      return false;
    };
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) if (visit(node[i], path, (clean) => (node[i] = clean))) return path || top;
      continue;
    }
    for (const key of Object.keys(node)) {
      const field = path ? `${path}.${key}` : key;
      if (stopAt?.(key)) return field;
      const item = node[key];
      const cleanKey = wellFormedText(key);
      if (cleanKey !== key) {
        delete node[key];
        node[cleanKey] = item;
      }
      if (visit(item, field, (clean) => (node[cleanKey] = clean))) return field;
    }
  }
  return undefined;
}
