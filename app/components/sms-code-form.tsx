import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Field } from "~/components/forms";
import { LocalDate } from "~/components/local-date";
import { Button } from "~/components/ui/button";
import { CODE_LENGTH, RESEND_TOO_SOON, TIMER_TICK_MS, type CodeTimes } from "~/modules/auth/two-factor/rules";
import { useFieldValue } from "~/utils/use-field-value";
import { useHydrated } from "~/utils/use-hydrated";

/** The current time, ticking every 100 ms (the spec's timer) once JavaScript runs; null before. */
function useNow() {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!hydrated) return;
    const timer = setInterval(() => setNow(Date.now()), TIMER_TICK_MS);
    return () => clearInterval(timer);
  }, [hydrated]);
  return hydrated ? now : null;
}

function minutesAndSeconds(ms: number) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * The code step: six digits, a visible countdown to the code's expiry with
 * JavaScript (the expiry time stated without), and Resend, enabled 30 seconds
 * after the last code was sent. Both are plain form posts with an `intent`.
 */
export function SmsCodeForm({
  times,
  error,
  typed,
  serverNow,
}: {
  times: CodeTimes;
  error: string | null;
  typed: string;
  /** When the page was rendered: decides Resend's state in the HTML, before any timer runs. */
  serverNow: string;
}) {
  const now = useNow();
  const navigation = useNavigation();
  const [code, setCode, codeField] = useFieldValue<HTMLInputElement>(typed);
  const clock = now ?? Date.parse(serverNow);
  const expiresIn = Date.parse(times.expiresAt) - clock;
  const resendIn = Date.parse(times.resendAt) - clock;
  const busy = navigation.state !== "idle";

  return (
    <div className="flex flex-col gap-4">
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="verify" />
        <Field
          label="Verification code"
          inputProps={{
            id: "code",
            ref: codeField,
            name: "code",
            defaultValue: typed,
            onChange: (event) => setCode(event.currentTarget.value),
            inputMode: "numeric",
            autoComplete: "one-time-code",
            pattern: `\\d{${CODE_LENGTH}}`,
            maxLength: CODE_LENGTH,
            required: true,
            autoFocus: true,
            className: "font-mono tracking-[0.4em]",
          }}
          errors={error ? [error] : null}
        />
        <p className="text-sm text-slate-700" aria-live="off">
          {now === null ? (
            <>
              The code expires at <LocalDate iso={times.expiresAt} />.
            </>
          ) : expiresIn > 0 ? (
            <>The code expires in {minutesAndSeconds(expiresIn)}.</>
          ) : (
            <>This code has expired. Ask for a new one.</>
          )}
        </p>
        <Button type="submit" disabled={busy || (now !== null && code.trim().length !== CODE_LENGTH)}>
          Verify
        </Button>
      </Form>
      <Form method="post" className="flex flex-col gap-1">
        <input type="hidden" name="intent" value="send" />
        <Button type="submit" variant="outline" disabled={busy || resendIn > 0}>
          {resendIn > 0 && now !== null ? `Resend Code (${Math.ceil(resendIn / 1000)} s)` : "Resend Code"}
        </Button>
        {now === null && resendIn > 0 ? (
          <p className="text-sm text-slate-600">
            {RESEND_TOO_SOON} Reload this page to send one.
          </p>
        ) : null}
      </Form>
    </div>
  );
}
