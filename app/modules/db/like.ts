/** `text` for a LIKE pattern: its %, _ and \ match themselves (PostgreSQL's default escape is \). */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
