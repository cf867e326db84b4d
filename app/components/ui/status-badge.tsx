import type { ReactNode } from "react";
import { cn } from "~/utils/cn";

/** The spec's status words' tones: approved and the like positive, denied and the like negative, pending neutral. */
export type StatusTone = "positive" | "negative" | "neutral";

const tones: Record<StatusTone, string> = {
  positive: "bg-emerald-50 text-emerald-800",
  negative: "bg-red-50 text-red-800",
  neutral: "bg-slate-100 text-slate-800",
};

/** A status word in a pill coloured by its tone. */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-medium", tones[tone])}>{children}</span>;
}
