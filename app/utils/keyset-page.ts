/**
 * A page from rows fetched with `limit(size + 1)`: its first `size` items, and
 * the cursor of the last one when the extra row shows there is more.
 */
export function keysetPage<Row, Item, Cursor>(rows: readonly Row[], size: number, toItem: (row: Row) => Item, cursorOf: (item: Item) => Cursor) {
  const items = rows.slice(0, size).map(toItem);
  return { items, next: rows.length > size ? cursorOf(items.at(-1)!) : null };
}
