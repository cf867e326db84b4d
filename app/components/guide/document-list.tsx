import type { ReactNode } from "react";
import { extensionOf } from "~/modules/storage/upload-kinds";

/** "340 KB", "1.2 MB": a file's size as a person reads it. */
function sizeText(bytes: number) {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The program guide's documents, each a link to its file with its type and size; `children` adds what one may do with each. */
export function DocumentList({ documents, children }: { documents: { id: number; title: string; href: string; contentType: string; byteSize: number }[]; children?: (document: { id: number; title: string }) => ReactNode }) {
  return (
    <ul aria-label="Documents" className="flex flex-col divide-y divide-slate-100">
      {documents.map((document) => (
        <li key={document.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <a href={document.href} className="text-brand underline">
            {document.title}
          </a>
          <span className="flex items-center gap-2 text-sm text-slate-700">
            {extensionOf(document.contentType).toUpperCase()}, {sizeText(document.byteSize)}
            {children ? children(document) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
