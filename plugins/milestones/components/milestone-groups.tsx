import { dayHeading } from "../days";
import { MilestoneRow, type MilestoneRowData } from "./milestone-parts";

/** Consecutive milestones of the same day, in order. */
export function byDay(milestones: readonly MilestoneRowData[]) {
  const groups: { day: string; milestones: MilestoneRowData[] }[] = [];
  for (const milestone of milestones) {
    const last = groups.at(-1);
    if (last?.day === milestone.day) last.milestones.push(milestone);
    else groups.push({ day: milestone.day, milestones: [milestone] });
  }
  return groups;
}

/** Milestones under their date headings ('Today', or the weekday and date). */
export function DayGroups({ milestones, today, headingLevel }: { milestones: readonly MilestoneRowData[]; today: string; headingLevel: "h3" | "h4" }) {
  const Heading = headingLevel;
  return (
    <>
      {byDay(milestones).map((group) => (
        <section key={group.day} aria-label={dayHeading(group.day, today)}>
          <Heading className="milestone-day">{dayHeading(group.day, today)}</Heading>
          <ul className="milestone-rows">
            {group.milestones.map((milestone) => (
              <li key={milestone.foreignId}>
                <MilestoneRow milestone={milestone} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
