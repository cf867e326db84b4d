import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import { incentiveSteps, isComplete, stepIds, type IncentiveStep } from "../steps";
import { INCENTIVES } from "./incentive-parts";

export const stepPath = (id: number, step: IncentiveStep) => `${INCENTIVES}/manage-incentives/edit/${id}/${step}`;

/** The five steps, each with its completion; the current one marked. A new incentive's first step has no incentive yet. */
export function StepNav({ id, current, completion }: { id: number | null; current: IncentiveStep; completion: Record<IncentiveStep, number> | null }) {
  return (
    <nav aria-label="Steps">
      <ol className="grid gap-2 sm:grid-cols-5">
        {stepIds.map((step, index) => {
          const body = (
            <>
              <span className="text-xs text-slate-600">Step {index + 1}</span>
              <span className="font-medium">{incentiveSteps[step]}</span>
              <span className="text-xs text-slate-700">{completion ? `${completion[step]}% complete` : "0% complete"}</span>
            </>
          );
          const className = cn("flex flex-col rounded-md border px-3 py-2 text-sm", step === current ? "border-brand ring-2 ring-brand" : "border-slate-200");
          return (
            <li key={step}>
              {id === null ? (
                <span className={className} aria-current={step === current ? "step" : undefined}>
                  {body}
                </span>
              ) : (
                <Link to={stepPath(id, step)} className={cn(className, "hover:bg-slate-50")} aria-current={step === current ? "step" : undefined}>
                  {body}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * The foot of each step: a draft is created once every step is complete (the spec's rule; the
 * server checks it again), or discarded; a created incentive links to how participants see it.
 */
export function FinishPanel({ id, published, completion }: { id: number; published: boolean; completion: Record<IncentiveStep, number> }) {
  const sending = useNavigation().formMethod === "POST";
  if (published) {
    return (
      <p className="text-sm text-slate-700">
        Changes apply at once. <Link to={`${INCENTIVES}/read-only/${id}`}>See it as participants do</Link>
      </p>
    );
  }
  const complete = isComplete(completion);
  return (
    <Form method="post" className="card flex flex-wrap items-center justify-between gap-3 p-4">
      <p className="text-sm text-slate-700">{complete ? "Every step is complete: create the incentive to open it to its participants." : "Complete every step to create the incentive; it is kept as a draft until then."}</p>
      <div className="flex gap-2">
        <Button type="submit" name="intent" value="discard" variant="ghost" disabled={sending}>
          Discard draft
        </Button>
        <Button type="submit" name="intent" value="publish" disabled={sending || !complete}>
          Create incentive
        </Button>
      </div>
    </Form>
  );
}
