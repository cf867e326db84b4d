import { shortMonthLabel } from "~/modules/profile/story";

export interface MonthBar {
  month: string;
  made: number;
  approved: number;
}

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 16, right: 12, bottom: 36, left: 40 };


/**
 * Nominations made and approved per month as a bar chart, drawn on the server as SVG (no
 * script): two bars a month on a scale of whole numbers, and the table beside it says the same.
 */
export function MonthlyChart({ months, label }: { months: readonly MonthBar[]; label: string }) {
  const top = Math.max(1, ...months.map((month) => month.made));
  const ticks = top <= 4 ? top : 4;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / months.length;
  const bar = Math.max(4, slot / 3);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="h-auto w-full">
      {Array.from({ length: ticks + 1 }, (_, i) => Math.round((top * i) / ticks)).map((value) => (
        <g key={value}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(value)} y2={y(value)} stroke="#e2e8f0" />
          <text x={PAD.left - 6} y={y(value) + 4} textAnchor="end" fontSize="11" fill="#475569">
            {value}
          </text>
        </g>
      ))}
      {months.map((month, i) => {
        const x = PAD.left + i * slot + (slot - 2 * bar) / 2;
        return (
          <g key={month.month}>
            <rect x={x} y={y(month.made)} width={bar} height={plotHeight + PAD.top - y(month.made)} fill="#64748b" />
            <rect x={x + bar} y={y(month.approved)} width={bar} height={plotHeight + PAD.top - y(month.approved)} className="fill-brand" />
            <text x={x + bar} y={HEIGHT - PAD.bottom + 16} textAnchor="middle" fontSize="11" fill="#475569">
              {shortMonthLabel(month.month)}
            </text>
          </g>
        );
      })}
      <g fontSize="11" fill="#334155">
        <rect x={PAD.left} y={HEIGHT - 12} width={10} height={10} fill="#64748b" />
        <text x={PAD.left + 14} y={HEIGHT - 3}>
          Made
        </text>
        <rect x={PAD.left + 60} y={HEIGHT - 12} width={10} height={10} className="fill-brand" />
        <text x={PAD.left + 74} y={HEIGHT - 3}>
          Approved
        </text>
      </g>
    </svg>
  );
}
