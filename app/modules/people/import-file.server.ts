import { parseCsv } from "~/utils/csv";

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5_000;

/** A row of the file and its number as a spreadsheet shows it (the header is row 1). */
export interface ImportRow {
  line: number;
  cells: string[];
}

export type ImportTable = { ok: true; header: string[]; rows: ImportRow[] } | { ok: false; message: string };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** A worksheet cell as text: dates as YYYY-MM-DD, formulas as their result, rich text as its words. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    const cell = value as { result?: unknown; text?: unknown; richText?: { text: string }[] };
    if (cell.richText) return cell.richText.map((part) => part.text).join("");
    if (cell.result !== undefined) return cellText(cell.result);
    if (cell.text !== undefined) return String(cell.text);
  }
  return String(value);
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows[number - 1] = values.map(cellText);
  });
  return Array.from(rows, (row) => row ?? []);
}

/**
 * The table in a people file: a CSV (UTF-8) or an Excel workbook (.xlsx, its
 * first sheet), told apart by their bytes, not their names. The first row
 * names the columns; wholly empty rows are skipped (the others keep their numbers).
 */
export async function readImportFile(bytes: Buffer): Promise<ImportTable> {
  if (bytes.length === 0) return { ok: false, message: "This file is empty." };
  if (bytes.length > IMPORT_MAX_BYTES) return { ok: false, message: "A people file is at most 5 MB." };
  const isZip = ZIP_MAGIC.every((byte, i) => bytes[i] === byte);
  let table: string[][];
  if (isZip) {
    try {
      table = await readXlsx(bytes);
    } catch {
      return { ok: false, message: "This workbook could not be read. Save it again as .xlsx, or as CSV (UTF-8)." };
    }
  } else {
    const text = bytes.toString("utf8");
    if (text.includes("\u0000") || text.includes("\uFFFD")) return { ok: false, message: "This is not a CSV (UTF-8) or .xlsx file." };
    table = parseCsv(text);
  }
  const [header, ...rows] = table.map((cells, i) => ({ line: i + 1, cells })).filter((row) => row.cells.some((cell) => cell.trim() !== ""));
  if (!header) return { ok: false, message: "This file has no rows." };
  if (rows.length > IMPORT_MAX_ROWS) return { ok: false, message: `A people file has at most ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows; split this one.` };
  return { ok: true, header: header.cells.map((name) => name.trim()), rows };
}
