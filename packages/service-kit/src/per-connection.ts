import type { Connection } from 'mongoose';

/**
 * One value per database connection, built on first use: a service's models are registered once on
 * each connection (mongoose refuses a second registration of a name) and tests with several connections
 * each get their own. `export const feedbackModel = perConnection((db) => db.model('Feedback', schema))`.
 */
export function perConnection<T>(build: (db: Connection) => T): (db: Connection) => T {
  const cache = new WeakMap<Connection, T>();
  return (db) => {
    if (cache.has(db)) return cache.get(db) as T;
    const value = build(db);
    cache.set(db, value);
    return value;
  };
}
