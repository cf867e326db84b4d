import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Icon } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { Field } from "~/components/forms";
import { DIFFERENT_FROM_CURRENT_RULE, passwordRules } from "~/modules/auth/password-rules";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * New password and confirmation with the spec's rules listed beside them.
 * With JavaScript each rule ticks as it is met; without, the list states the
 * requirements and the server answers with the same messages.
 */
export function PasswordFields({
  newPassword,
  confirmPassword,
  replacesCurrent = false,
}: {
  newPassword: FieldMetadata<any, Record<string, any>, string[]>;
  confirmPassword: FieldMetadata<any, Record<string, any>, string[]>;
  /** The account has a password already: the new one must differ (the server checks it). */
  replacesCurrent?: boolean;
}) {
  const hydrated = useHydrated();
  const [typed, setTyped] = useState("");
  const input = useRef<HTMLInputElement>(null);
  // What was typed before JavaScript loaded counts too.
  useEffect(() => setTyped(input.current?.value ?? ""), []);
  const rulesId = `${newPassword.id}-rules`;
  return (
    <>
      <Field
        label="New password"
        inputProps={{
          ...getInputProps(newPassword, { type: "password" }),
          ref: input,
          autoComplete: "new-password",
          onInput: (event) => setTyped(event.currentTarget.value),
          "aria-describedby": rulesId,
        }}
        errors={newPassword.errors}
      />
      <ul id={rulesId} aria-label="Password requirements" className="-mt-2 flex flex-col gap-0.5 text-sm">
        {passwordRules.map((rule) => {
          const met = hydrated && rule.test(typed);
          return (
            <li key={rule.id} className={met ? "flex items-center gap-1.5 text-emerald-700" : "flex items-center gap-1.5 text-slate-600"}>
              {met ? <Icon name="check" className="size-3.5" /> : <Icon name="circle" className="size-3" />}
              {rule.label}
              {met ? <span className="sr-only"> (met)</span> : null}
            </li>
          );
        })}
        {replacesCurrent ? (
          <li className="flex items-center gap-1.5 text-slate-600">
            <Icon name="circle" className="size-3" />
            {DIFFERENT_FROM_CURRENT_RULE}
          </li>
        ) : null}
      </ul>
      <Field
        label="Confirm new password"
        inputProps={{ ...getInputProps(confirmPassword, { type: "password" }), autoComplete: "new-password" }}
        errors={confirmPassword.errors}
      />
    </>
  );
}
