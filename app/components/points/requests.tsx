import { LocalDate } from "~/components/local-date";
import type { PointsRequestAction, PointsRequestStatus } from "~/modules/db/schema";
import { formatPoints } from "~/modules/points/accounts";
import { requestActionWords, requestStatusTone, requestStatusWords } from "~/modules/points/requests";
import { StatusBadge } from "~/components/ui/status-badge";

/** A request's status in the spec's words, coloured by its tone (approved positive, denied negative, pending neutral). */
export function RequestStatus({ status }: { status: PointsRequestStatus }) {
  return <StatusBadge tone={requestStatusTone[status]}>{requestStatusWords[status]}</StatusBadge>;
}

/** The points a request asked for, and what was approved when that differs. */
export function RequestedPoints({ request }: { request: { amountRequested: number; amountApproved: number | null } }) {
  if (request.amountApproved === null || request.amountApproved === request.amountRequested) return <>{formatPoints(request.amountRequested)}</>;
  return (
    <>
      {formatPoints(request.amountApproved)} <span className="text-slate-600">(asked {formatPoints(request.amountRequested)})</span>
    </>
  );
}

export interface RequestHistoryLine {
  id: number;
  action: PointsRequestAction;
  amount: number | null;
  comment: string | null;
  at: string;
  actor: string | null;
  delegate: string | null;
}

/** What happened to a request, oldest first: who did what, when, with their words. */
export function RequestHistory({ lines }: { lines: readonly RequestHistoryLine[] }) {
  return (
    <ol className="flex flex-col gap-3 border-l border-slate-200 pl-4 text-sm">
      {lines.map((line) => (
        <li key={line.id}>
          <p>
            <strong>{requestActionWords[line.action]}</strong>
            {line.amount !== null && line.action !== "REQUESTED" ? `: ${formatPoints(line.amount)} points` : null}
            {line.actor ? ` by ${line.actor}` : null}
            {line.delegate ? ` (${line.delegate} acting for them)` : null}
          </p>
          <p className="text-slate-600">
            <LocalDate iso={line.at} />
          </p>
          {line.comment && line.action !== "REQUESTED" ? <p className="mt-1 whitespace-pre-line text-slate-800">{line.comment}</p> : null}
        </li>
      ))}
    </ol>
  );
}

export interface RequestFactsData {
  status: PointsRequestStatus;
  amountRequested: number;
  amountApproved: number | null;
  reason: string;
  comment: string | null;
  created: string;
  decided: string | null;
  requester: string;
  approver: string;
}

/** A request at a glance: who asked for how much and why, who decides, and how it was decided. */
export function RequestFacts({ request, withRequester = false }: { request: RequestFactsData; withRequester?: boolean }) {
  return (
    <dl className="grid grid-cols-[9rem_1fr] gap-y-2 text-sm">
      {withRequester ? (
        <>
          <dt className="text-slate-600">Requested by</dt>
          <dd>{request.requester}</dd>
        </>
      ) : null}
      <dt className="text-slate-600">Status</dt>
      <dd>
        <RequestStatus status={request.status} />
      </dd>
      <dt className="text-slate-600">Points asked</dt>
      <dd>{formatPoints(request.amountRequested)}</dd>
      {request.amountApproved !== null ? (
        <>
          <dt className="text-slate-600">Points approved</dt>
          <dd>{formatPoints(request.amountApproved)}</dd>
        </>
      ) : null}
      <dt className="text-slate-600">Reason</dt>
      <dd className="whitespace-pre-line break-words">{request.reason}</dd>
      <dt className="text-slate-600">Requested</dt>
      <dd>
        <LocalDate iso={request.created} />
      </dd>
      <dt className="text-slate-600">Approver</dt>
      <dd>{request.approver}</dd>
      {request.decided ? (
        <>
          <dt className="text-slate-600">{request.status === "CANCELLED" ? "Cancelled" : "Decided"}</dt>
          <dd>
            <LocalDate iso={request.decided} />
          </dd>
        </>
      ) : null}
      {request.comment ? (
        <>
          <dt className="text-slate-600">Approver's comment</dt>
          <dd className="whitespace-pre-line break-words">{request.comment}</dd>
        </>
      ) : null}
    </dl>
  );
}
