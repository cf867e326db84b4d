/** Where two-factor codes go, in a sentence: the number as the page shows it, and whether it was confirmed. */
export function PhoneOnFile({ phone, className }: { phone: { shown: string; verified: boolean } | null; className?: string }) {
  return (
    <p className={className ?? "text-sm text-slate-700"}>
      {phone ? `Verification codes go to ${phone.shown}${phone.verified ? " (verified)" : ""}.` : "No mobile number is on file for you."}
    </p>
  );
}
