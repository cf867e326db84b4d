/**
 * RFC 4180 CSV. Cells that a spreadsheet would run as a formula (=, +, -, @ and
 * control characters first) get a leading apostrophe, so an exported file is safe to open.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]) {
  const cell = (value: string | number | null) => {
    if (value === null) return "";
    let text = String(value);
    if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

export function csvResponse(fileName: string, csv: string) {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
