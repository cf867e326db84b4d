import { LocalDate } from "~/components/local-date";
import { SettingsSection } from "~/components/program-settings";

export interface HistoryEntry {
  id: number;
  /** Who made the change, by name. */
  by: string;
  /** When, as an ISO instant. */
  at: string;
  /** One line per thing changed, before and after. */
  lines: string[];
}

/** An audit trail as people read it: who, when, and each thing that changed (program settings, a person). */
export function ChangeHistory({ changes, empty }: { changes: HistoryEntry[]; empty: string }) {
  return (
    <SettingsSection title="Change history">
      {changes.length === 0 ? (
        <p className="text-sm text-slate-700">{empty}</p>
      ) : (
        <ol className="flex flex-col gap-3 text-sm">
          {changes.map((change) => (
            <li key={change.id} className="border-b border-slate-100 pb-2">
              <p className="font-medium">
                {change.by}, <LocalDate iso={change.at} />
              </p>
              <ul className="mt-1 list-inside list-disc break-words text-slate-700">
                {change.lines.length === 0 ? <li>Saved without a change</li> : change.lines.map((line) => <li key={line}>{line}</li>)}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </SettingsSection>
  );
}
