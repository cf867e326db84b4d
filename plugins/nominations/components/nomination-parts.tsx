import { Link } from "@remix-run/react";
import { LocalDate } from "~/components/local-date";
import { formatPoints } from "~/modules/points/accounts";
import { StatusBadge, type StatusTone } from "~/components/ui/status-badge";
import type { ApprovalStatus, StepKind } from "../schema";
import { statusWords, stepWords } from "../rules";

const tones: Record<ApprovalStatus, StatusTone> = { PENDING: "neutral", APPROVED: "positive", DENIED: "negative", SKIPPED: "neutral" };

/** A nomination's or a step's status in the spec's words. */
export function NominationStatus({ status }: { status: ApprovalStatus }) {
  return <StatusBadge tone={tones[status]}>{statusWords[status]}</StatusBadge>;
}

export interface NominationFactsData {
  id: number;
  status: "PENDING" | "APPROVED" | "DENIED";
  coreValue: string;
  awardLevel: string;
  points: number;
  message: string;
  created: string;
  decided: string | null;
  nominator: string;
  nominee: string;
  pointsPaid: boolean;
}

/** A nomination at a glance: who, whom, for what, its points and state, and the nominator's words. */
export function NominationFacts({ nomination, certificate }: { nomination: NominationFactsData; certificate: boolean }) {
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-[9rem_1fr] gap-y-2 text-sm">
        <dt className="text-slate-600">Nominee</dt>
        <dd>{nomination.nominee}</dd>
        <dt className="text-slate-600">Nominated by</dt>
        <dd>{nomination.nominator}</dd>
        <dt className="text-slate-600">Core value</dt>
        <dd>{nomination.coreValue}</dd>
        <dt className="text-slate-600">Award level</dt>
        <dd>
          {nomination.awardLevel} ({formatPoints(nomination.points)} points{nomination.status === "APPROVED" && !nomination.pointsPaid && nomination.points > 0 ? ", not paid: the nominee does not use points" : ""})
        </dd>
        <dt className="text-slate-600">Status</dt>
        <dd>
          <NominationStatus status={nomination.status} />
        </dd>
        <dt className="text-slate-600">Nominated</dt>
        <dd>
          <LocalDate iso={nomination.created} />
        </dd>
        {nomination.decided ? (
          <>
            <dt className="text-slate-600">Decided</dt>
            <dd>
              <LocalDate iso={nomination.decided} />
            </dd>
          </>
        ) : null}
      </dl>
      <blockquote className="whitespace-pre-line border-l-4 border-slate-200 pl-4 break-words">{nomination.message}</blockquote>
      {certificate ? (
        <a href={`/nomination/${nomination.id}/certificate`} className="self-start font-medium text-brand underline underline-offset-2" download>
          Download the certificate (PDF)
        </a>
      ) : null}
    </div>
  );
}

export interface StepLine {
  id: number;
  step: number;
  kind: StepKind;
  status: ApprovalStatus;
  comment: string | null;
  decided: string | null;
  approver: string | null;
  decider: string | null;
}

/** The approval chain as it went: each step, who decides or decided it, and their words. */
export function NominationSteps({ steps }: { steps: readonly StepLine[] }) {
  if (steps.length === 0) return <p className="text-sm text-slate-700">This award level needs no approval.</p>;
  return (
    <ol className="flex flex-col gap-3 border-l border-slate-200 pl-4 text-sm">
      {steps.map((step) => (
        <li key={step.id}>
          <p className="flex flex-wrap items-center gap-2">
            <strong>{step.kind === "FALLBACK" ? "A program manager (every step was passed over)" : stepWords[step.kind]}</strong>
            <NominationStatus status={step.status} />
          </p>
          <p className="text-slate-700">
            {step.decider ? `${step.decider}` : step.approver ? `Waits for ${step.approver}` : step.status === "PENDING" ? "Waits for any of them" : null}
            {step.decided ? (
              <>
                {step.decider ? ", " : null}
                <LocalDate iso={step.decided} />
              </>
            ) : null}
          </p>
          {step.comment ? <p className="mt-1 whitespace-pre-line text-slate-800">{step.comment}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** The tabs between the nominations one received and those one made. */
export function NominationTabs({ current }: { current: "received" | "sent" }) {
  const tabs = [
    { key: "received", to: "/nomination/received", label: "Received" },
    { key: "sent", to: "/nomination/sent", label: "Sent" },
  ] as const;
  return (
    <nav aria-label="Nominations" className="flex gap-2">
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          aria-current={tab.key === current ? "page" : undefined}
          className="rounded-full border border-slate-300 px-4 py-1.5 text-sm aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-brand-foreground"
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
