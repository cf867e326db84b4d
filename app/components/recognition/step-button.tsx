import { useSubmit } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { Button } from "~/components/ui/button";

/**
 * A button that asks a composer (`action`) for a step (`go`) or for something done to what
 * is being written (`do`, `remove`...): a GET, so the result has its own URL and works
 * without JavaScript.
 */
export function StepButton({
  action,
  name = "go",
  value,
  children,
  variant = "outline",
  className,
}: {
  action: string;
  name?: string;
  value: string | number;
  children: ReactNode;
  variant?: "outline" | "ghost" | "default";
  className?: string;
}) {
  return (
    <Button type="submit" name={name} value={value} formMethod="get" formAction={action} formNoValidate variant={variant} size="sm" className={className}>
      {children}
    </Button>
  );
}

export function HiddenFields({ fields }: { fields: [string, string][] }) {
  return (
    <>
      {fields.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * A composer's form and what its live lookup does with a person chosen: the people step asked
 * for (a GET of `action` with the draft and the pick), as the Add button does without JavaScript.
 */
export function useLiveChoice(action: string) {
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const onChoose = (value: string) => {
    const data = new FormData(form.current!);
    data.append("do", "add");
    data.append("pick", value);
    submit(data, { method: "get", action });
  };
  return { form, onChoose };
}
