// Values for an `IN (…)` list whose length varies per call (a batch's ids), padded to a power
// of two by repeating the last one. The matches are the same, but a query then has a few SQL
// texts (1, 2, 4, … 1,024 values) instead of one per length. Each text is a prepared statement:
// SQLite keeps 500 (kysely.ts, oldest dropped first) and PostgreSQL names the first 1,000 a
// process sees, so a few batch queries with one text per length would crowd out the app's own.

export function inList<T>(values: readonly T[]): T[] {
  if (values.length === 0) throw new Error('an IN list needs at least one value');
  let size = 1;
  while (size < values.length) size *= 2;
  const last = values.at(-1) as T;
  return [...values, ...Array.from({ length: size - values.length }, () => last)];
}
