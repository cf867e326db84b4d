import { CodeEntryForm, type CodeEntryResult } from "~/components/code-entry-form";
import { maskCode, normalizeCode, REDEEM_CODE_LENGTH } from "~/modules/codes/format";

/** The redeem-code form of the card and of /redeem: masked 5-5, Redeem enabled at exactly 10 characters. */
export function RedeemCodeForm({ id, result }: { id: string; result?: CodeEntryResult }) {
  return (
    <CodeEntryForm
      id={id}
      action="/redeem"
      name="code"
      label="Code"
      placeholder="XXXXX-XXXXX"
      submitLabel="Redeem"
      maxLength={REDEEM_CODE_LENGTH + 1}
      pattern="[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}"
      format={maskCode}
      isComplete={(value) => normalizeCode(value).length === REDEEM_CODE_LENGTH}
      result={result}
    />
  );
}
