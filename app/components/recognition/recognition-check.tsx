import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { pointsConfirmation, privateRecognitionNotice, recognitionMessages } from "~/modules/recognition/selection";
import { StepButton } from "./step-button";

/**
 * The two checks before a recognition goes, as the server asked for them: 'Heads Up!' (who
 * prefers private recognition) with `proceed` ("Post Anyway", "Send Anyway"), or 'Way to
 * Recognize!' with Give Points. Either posts the form again saying it was seen; `back` returns
 * to the composer's main step.
 */
export function RecognitionCheck({
  check,
  totalPoints,
  action,
  proceed,
  back,
}: {
  check: { step: "heads-up"; subject: string } | { step: "confirm-points" };
  totalPoints: number;
  action: string;
  proceed: string;
  back: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const headsUp = check.step === "heads-up";
  return (
    <div ref={ref} tabIndex={-1} role="alertdialog" aria-labelledby="recognition-check-title" aria-describedby="recognition-check-text" className="flex flex-col gap-3 rounded-md border border-slate-300 p-4">
      <h2 id="recognition-check-title" className="text-lg font-semibold">
        {headsUp ? recognitionMessages.headsUp : recognitionMessages.wayToRecognize}
      </h2>
      <p id="recognition-check-text">{headsUp ? privateRecognitionNotice(check.subject) : pointsConfirmation(totalPoints)}</p>
      <input type="hidden" name="seenPrivate" value="1" />
      {headsUp ? null : <input type="hidden" name="seenPoints" value="1" />}
      <div className="flex gap-2">
        <Button type="submit" formMethod="post" formAction={action}>
          {headsUp ? proceed : "Give Points"}
        </Button>
        <StepButton action={action} value="compose">
          {back}
        </StepButton>
      </div>
    </div>
  );
}
