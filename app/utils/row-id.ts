/** The largest id of a `serial` column (PostgreSQL's integer). */
const MAX_ROW_ID = 2_147_483_647;

/** A row id taken from a URL (digits only, within integer range), or null for anything else. */
export function rowId(value: string | null | undefined) {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ROW_ID ? id : null;
}

/** A row id from a route's parameter; anything else is the page not found. */
export function rowIdOrNotFound(value: string | null | undefined) {
  const id = rowId(value);
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
}
