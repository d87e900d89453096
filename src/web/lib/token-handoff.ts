import type { TokenPair } from '../../shared/accounts';

// Tabs hand a refreshed token pair to each other here. localStorage cannot carry it: Chromium copies
// it into each tab's process and another tab may still read the spent refresh token a moment after
// the refresh (and spending it again revokes its family, signing every tab out). IndexedDB has one
// copy in the browser, so what one tab wrote under the refresh lock is what the next tab reads.
const DATABASE = 'lectern-auth';
const STORE = 'handoff';
const KEY = 'last-refresh';

interface Handoff extends TokenPair {
  /** The refresh token this pair replaced. */
  spent: string;
  /** When (ms): a handoff serves the tabs that hit the same expiry, a minute at most. */
  at: number;
}
const HANDOFF_LIFE_MS = 60_000;

function open(): Promise<IDBDatabase | undefined> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(undefined);
  });
}

async function withStore<T>(mode: IDBTransactionMode, operate: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const database = await open();
  if (!database) return undefined;
  try {
    return await new Promise<T | undefined>((resolve) => {
      const transaction = database.transaction(STORE, mode);
      const request = operate(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => resolve(undefined);
      transaction.onabort = () => resolve(undefined);
    });
  } finally {
    database.close();
  }
}

/** The pair another tab got for `spent`, when that tab refreshed it first. */
export async function handedOver(spent: string): Promise<TokenPair | undefined> {
  const handoff = await withStore('readonly', (store) => store.get(KEY) as IDBRequest<Handoff | undefined>);
  const fresh = handoff && handoff.spent === spent && Date.now() - handoff.at < HANDOFF_LIFE_MS;
  return fresh ? { access: handoff.access, refresh: handoff.refresh } : undefined;
}

/** Leaves the pair that replaced `spent` for the other tabs (only the last refresh is kept). */
export async function handOver(spent: string, tokens: TokenPair): Promise<void> {
  const handoff: Handoff = { spent, access: tokens.access, refresh: tokens.refresh, at: Date.now() };
  await withStore('readwrite', (store) => store.put(handoff, KEY));
}

/** Signing out leaves no tokens behind here either. */
export async function forgetHandoff(): Promise<void> {
  await withStore('readwrite', (store) => store.delete(KEY));
}
