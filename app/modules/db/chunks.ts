/** Rows per INSERT when writing in bulk: well under PostgreSQL's 65,535 parameters for a table of a dozen columns. */
export const INSERT_CHUNK = 2_000;

/** `rows` in slices of `size`, for bulk inserts that stay within a statement's limits. */
export function* chunks<T>(rows: readonly T[], size = INSERT_CHUNK) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}
