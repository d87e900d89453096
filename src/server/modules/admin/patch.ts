/**
 * The studio's partial updates (PATCH) save the fields sent. One with no field in it changes
 * nothing, as any PATCH that changes nothing: it answers the object as it is (`read`), and nothing
 * is written, neither an UPDATE (Drizzle refuses one with nothing to set: it was a 500) nor an
 * audit entry. Every PATCH route of the studio answers through this.
 */
export async function partialUpdate<B extends object, T>(body: B, read: () => Promise<T>, save: (body: B) => Promise<T>): Promise<T> {
  return Object.values(body).some((value) => value !== undefined) ? save(body) : read();
}
