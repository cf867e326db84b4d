import { Link, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatPoints } from "~/modules/points/accounts";
import { calendarDayText } from "~/modules/time/calendar-days";
import { cn } from "~/utils/cn";
import { Icon } from "../icons";
import type { IncentiveListItem, IncentivePhase } from "../read.server";
import { incentiveColors, type IncentiveColor, type IncentiveIcon } from "../rules";
import type { RewardPointType, RewardType, SubmissionStatus } from "../schema";

/** Where the incentives' pages go. */
export const INCENTIVES = "/incentives";

/** An incentive's icon in its colour (slate until one is chosen). */
export function IncentiveBadge({ icon, color, className }: { icon: IncentiveIcon | null; color: IncentiveColor | null; className?: string }) {
  return (
    <span className={cn("inline-flex size-10 shrink-0 items-center justify-center rounded-full text-white", className)} style={{ backgroundColor: incentiveColors[color ?? "slate"].hex }}>
      {icon ? <Icon name={icon} className="size-5" /> : null}
    </span>
  );
}

const phaseWords: Record<IncentivePhase, string> = { DRAFT: "Draft", UPCOMING: "Upcoming", OPEN: "Open", PAUSED: "Paused", COMPLETED: "Completed" };

export function PhaseBadge({ phase }: { phase: IncentivePhase }) {
  return <StatusBadge tone={phase === "OPEN" ? "positive" : "neutral"}>{phaseWords[phase]}</StatusBadge>;
}

const submissionWords: Record<SubmissionStatus, string> = { PENDING: "Waiting for review", APPROVED: "Approved", DENIED: "Denied" };

export function SubmissionBadge({ status }: { status: SubmissionStatus }) {
  return <StatusBadge tone={status === "APPROVED" ? "positive" : status === "DENIED" ? "negative" : "neutral"}>{submissionWords[status]}</StatusBadge>;
}

/** The reward in words: "50 points", "100 points per 5", or the creator's description. */
export function rewardText(reward: { rewardType: RewardType | null; rewardPointType: RewardPointType | null; pointsAmount: number | null; quantity: number | null; rewardDescription: string }) {
  if (reward.rewardType === "OTHER") return reward.rewardDescription;
  if (reward.rewardType !== "POINT_AMOUNT" || !reward.pointsAmount) return "Not chosen yet";
  const points = `${formatPoints(reward.pointsAmount)} points`;
  if (reward.rewardPointType !== "VARIABLE_POINT") return points;
  return reward.quantity === 1 ? `${points} for each one` : `${points} for every ${formatPoints(reward.quantity ?? 1)}`;
}

export function daysText(startDate: string, endDate: string) {
  return `${calendarDayText(startDate)} to ${calendarDayText(endDate)}`;
}

/** The incentives area's own pages, as the viewer may open them. */
export interface IncentivesNavData {
  dashboard: boolean;
  manage: boolean;
  submissions: boolean;
  mine: boolean;
}

function IncentivesNav({ nav }: { nav: IncentivesNavData }) {
  const links = [
    { to: `${INCENTIVES}/dashboard`, label: "Dashboard", shown: nav.dashboard },
    { to: `${INCENTIVES}/manage-incentives`, label: "Manage incentives", shown: nav.manage },
    { to: `${INCENTIVES}/submissions`, label: "Submissions", shown: nav.submissions },
    { to: `${INCENTIVES}/my-incentives`, label: "My incentives", shown: nav.mine },
  ].filter((link) => link.shown);
  if (links.length < 2) return null;
  return (
    <nav aria-label="Incentives" className="flex flex-wrap gap-2 border-b border-slate-200">
      {links.map((link) => (
        <NavLink key={link.to} to={link.to} className={({ isActive }) => cn("-mb-px border-b-2 px-3 py-2 text-sm font-medium", isActive ? "border-brand text-slate-900" : "border-transparent text-slate-700 hover:text-slate-900")}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** An incentives page: its title (and actions beside it), the area's tabs, then its body. */
export function IncentivesPage({ title, nav, actions, children }: { title: string; nav: IncentivesNavData; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{title}</h1>
        {actions}
      </div>
      <IncentivesNav nav={nav} />
      {children}
    </div>
  );
}

/** A list's filter as links (`?{param}=`, the first choice without it), the current one marked. */
export function FilterLinks<Value extends string>({ label, param, choices, current }: { label: string; param: string; choices: readonly { value: Value; label: string }[]; current: Value }) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2 text-sm">
      {choices.map((each, index) => (
        <Link key={each.value} to={index === 0 ? "?" : `?${param}=${each.value}`} aria-current={each.value === current ? "page" : undefined} className="rounded-full border border-slate-300 px-3 py-1 aria-[current=page]:border-brand aria-[current=page]:font-semibold">
          {each.label}
        </Link>
      ))}
    </nav>
  );
}

/** An incentive in a list: its badge, its title linking to `to`, its state, days and reward, and what the list adds (`children`). */
export function IncentiveSummary({ incentive, to, children }: { incentive: IncentiveListItem; to: string; children?: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <IncentiveBadge icon={incentive.icon} color={incentive.color} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link to={to} className="text-lg font-semibold break-words hover:underline">
          {incentive.title}
        </Link>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <PhaseBadge phase={incentive.phase} />
          <span>{daysText(incentive.startDate, incentive.endDate)}</span>
          <span>{rewardText(incentive)}</span>
        </div>
        {children}
      </div>
    </div>
  );
}
