import { useEffect, useRef, useState } from "react";

/**
 * A field's value as state, for a button that waits for a complete value. The field is the
 * server's HTML until the page's JavaScript takes it over, and a person may type in it (or the
 * browser fill it in) before then: on taking over, the state starts from what the field holds,
 * through `format` when given, so a full field never leaves its button disabled.
 */
export function useFieldValue<Element extends HTMLInputElement | HTMLTextAreaElement>(initial: string, format?: (typed: string) => string) {
  const field = useRef<Element>(null);
  const [value, setValue] = useState(initial);
  // Once, when JavaScript takes the field over; later values arrive through the field's onChange.
  useEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined) setValue(format ? format(typed) : typed);
  }, []);
  return [value, setValue, field] as const;
}
