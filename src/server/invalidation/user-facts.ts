import { afterCommit, type Db } from '../db/client.js';

type Listener = (userId: number) => void;
const listeners = new Set<Listener>();

/**
 * One user's facts changed (an enrolment, completed lessons, a quiz attempt, a membership, a lesson
 * opened early, a certificate, a letter issued or revoked): the modules that write them call this with the handle they wrote through, and every app in
 * this process hears it once the write has committed (the app tells the other processes through
 * its invalidation, topic 'viewer:{userId}').
 */
export function userFactsChanged(db: Db, userIds: number | Iterable<number>): void {
  const ids = typeof userIds === 'number' ? [userIds] : [...new Set(userIds)];
  if (!ids.length) return;
  afterCommit(db, () => {
    for (const id of ids) for (const listener of listeners) listener(id);
  });
}

/** Hears userFactsChanged; returns the unsubscribe. */
export function onUserFactsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
