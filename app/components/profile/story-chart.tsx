import { monthLabel, shortMonthLabel } from "~/modules/profile/story";

const WIDTH = 600;
const HEIGHT = 180;
const AXIS = 24;

/**
 * Recognition received per month as bars, drawn on the server (no script, prints as it shows).
 * The table beside it holds the same numbers for those who do not see the chart.
 */
export function StoryChart({ months }: { months: { month: string; received: number }[] }) {
  const most = Math.max(1, ...months.map((month) => month.received));
  const slot = WIDTH / months.length;
  const first = months[0]!;
  const last = months.at(-1)!;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
      role="img"
      aria-label={`Recognition received each month from ${monthLabel(first.month)} to ${monthLabel(last.month)}, at most ${most} in a month; the table below has each month's numbers.`}
      className="h-auto w-full"
    >
      <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} stroke="currentColor" className="text-slate-300" />
      {months.map((month, index) => {
        const height = Math.round((month.received / most) * (HEIGHT - 16));
        const x = index * slot + slot * 0.2;
        return (
          <g key={month.month}>
            <rect x={x} y={HEIGHT - height} width={slot * 0.6} height={height} rx={3} className="fill-brand" />
            {month.received > 0 ? (
              <text x={x + slot * 0.3} y={HEIGHT - height - 4} textAnchor="middle" className="fill-slate-700 text-[11px]">
                {month.received}
              </text>
            ) : null}
            <text x={x + slot * 0.3} y={HEIGHT + 16} textAnchor="middle" className="fill-slate-700 text-[11px]">
              {shortMonthLabel(month.month)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
