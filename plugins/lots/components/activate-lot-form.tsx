import type { KeyboardEvent } from "react";
import { CodeEntryForm, type CodeEntryResult } from "~/components/code-entry-form";
import { LOT_CODE_LENGTH } from "../format";

/** The spec blocks a single non-word key press (a symbol) in the lot field. */
function blockSymbols(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key.length === 1 && /\W/.test(event.key)) event.preventDefault();
}

/** The Activate Lot form of the card and of /activate-lot: 'Enter Lot', 'Activate', exactly 5 characters. */
export function ActivateLotForm({ id, result }: { id: string; result?: CodeEntryResult }) {
  return (
    <CodeEntryForm
      id={id}
      action="/activate-lot"
      name="lotCode"
      label="Lot code"
      hideLabel
      placeholder="Enter Lot"
      submitLabel="Activate"
      maxLength={LOT_CODE_LENGTH}
      pattern="[A-Za-z0-9]{5}"
      format={(typed) => typed.toUpperCase()}
      isComplete={(value) => value.length === LOT_CODE_LENGTH}
      onKeyDown={blockSymbols}
      result={result}
    />
  );
}
