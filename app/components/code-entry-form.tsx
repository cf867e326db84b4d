import { useFetcher, useLocation } from "@remix-run/react";
import { useCallback, type KeyboardEvent } from "react";
import { ErrorList } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/utils/cn";
import { useFetcherSuccess } from "~/utils/use-fetcher-success";
import { useFieldValue } from "~/utils/use-field-value";
import { useHydrated } from "~/utils/use-hydrated";

/** What an action answers a refused code: what was typed (kept in the field) and why. */
export interface CodeEntryResult {
  value: string;
  error: string;
}

interface CodeEntryFormProps {
  id: string;
  action: string;
  name: string;
  label: string;
  hideLabel?: boolean;
  placeholder: string;
  submitLabel: string;
  maxLength: number;
  /** The HTML pattern the browser checks without JavaScript (the server checks the same). */
  pattern: string;
  /** How the field shows what was typed (upper-cased, masked…). */
  format: (typed: string) => string;
  /** With JavaScript, the submit button is enabled only for a complete value. */
  isComplete: (value: string) => boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** The action's answer when the form was posted without JavaScript. */
  result?: CodeEntryResult;
}

/**
 * A one-field form for a code (redeem code, lot code). It posts through a
 * fetcher, so with JavaScript the page stays put, the answer shows beside the
 * field and a success clears it; without, it is a plain form post.
 */
export function CodeEntryForm(props: CodeEntryFormProps) {
  const fetcher = useFetcher<CodeEntryResult>();
  const location = useLocation();
  const hydrated = useHydrated();
  const shown = fetcher.data ?? props.result;
  // What was typed before JavaScript took over the field (the code of a lazily loaded card arrives later) is kept.
  const [value, setValue, input] = useFieldValue<HTMLInputElement>(shown?.value ?? "", props.format);
  useFetcherSuccess(fetcher, useCallback(() => setValue(""), []));
  const errorId = shown?.error ? `${props.id}-error` : undefined;

  return (
    <fetcher.Form method="post" action={props.action} className="flex flex-col gap-2">
      <Label htmlFor={props.id} className={cn(props.hideLabel && "sr-only")}>
        {props.label}
      </Label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={props.id}
          name={props.name}
          placeholder={props.placeholder}
          value={value}
          onChange={(event) => setValue(props.format(event.target.value))}
          onKeyDown={props.onKeyDown}
          maxLength={props.maxLength}
          pattern={props.pattern}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono uppercase tracking-wider"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
        />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <Button type="submit" disabled={(hydrated && !props.isComplete(value)) || fetcher.state !== "idle"}>
          {props.submitLabel}
        </Button>
      </div>
      <ErrorList id={errorId} errors={shown?.error ? [shown.error] : null} />
    </fetcher.Form>
  );
}
