import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

export interface Column<Row> {
  /** Unique within the table. */
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers align to the end, so their digits line up. */
  numeric?: boolean;
  /** On a phone the row is a card titled by this column; the others are listed under it. */
  title?: boolean;
}

interface DataTableProps<Row> {
  /** Names the table for assistive technology (shown to screen readers only). */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
}

/**
 * Every table in the app. From the `sm` breakpoint up it is a table with room
 * between its columns; on a phone each row is a card of label and value pairs,
 * so nothing runs together or scrolls sideways. Both are real markup (a table,
 * a list of description lists); only one is displayed at a time.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey }: DataTableProps<Row>) {
  const title = columns.find((column) => column.title);
  const details = columns.filter((column) => column !== title);
  return (
    <>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 text-slate-700">
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={cn("px-3 py-2 font-medium first:pl-0 last:pr-0", column.numeric && "text-right")}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="border-b border-slate-100 align-top">
                {columns.map((column) => (
                  <td key={column.key} className={cn("px-3 py-2 first:pl-0 last:pr-0", column.numeric && "text-right tabular-nums whitespace-nowrap")}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="flex flex-col gap-3 sm:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-md border border-slate-200 p-3 text-sm">
            {title ? <div className="mb-2 font-medium">{title.cell(row)}</div> : null}
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              {details.map((column) => (
                <div key={column.key} className="contents">
                  <dt className="text-slate-700">{column.header}</dt>
                  <dd className={cn("min-w-0 break-words", column.numeric && "text-right tabular-nums")}>{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
