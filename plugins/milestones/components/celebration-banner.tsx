import { Link, useFetcher } from "@remix-run/react";
import { Icon } from "~/components/ui/icons";
import type { Celebration } from "../celebrations.server";

/** The six themes (theme-01 to theme-06): a background and a border, each dark text on a light ground. */
const themes: Record<string, string> = {
  "theme-01": "bg-amber-50 border-amber-300",
  "theme-02": "bg-rose-50 border-rose-300",
  "theme-03": "bg-violet-50 border-violet-300",
  "theme-04": "bg-sky-50 border-sky-300",
  "theme-05": "bg-emerald-50 border-emerald-300",
  "theme-06": "bg-orange-50 border-orange-300",
};

/** A celebration's lines: the first as its heading, the rest beneath (up to five in all). */
export function CelebrationLines({ celebration }: { celebration: Pick<Celebration, "theme" | "lines"> }) {
  const [first, ...rest] = celebration.lines;
  return (
    <div data-theme={celebration.theme} className={`rounded-lg border-2 p-4 pr-10 text-slate-900 ${themes[celebration.theme] ?? themes["theme-01"]}`}>
      <p className="text-lg font-semibold">{first}</p>
      {rest.map((line, index) => (
        <p key={index} className="text-sm">
          {line}
        </p>
      ))}
    </div>
  );
}

function Banner({ celebration }: { celebration: Celebration }) {
  const fetcher = useFetcher();
  if (fetcher.state !== "idle" || fetcher.data !== undefined) return null;
  return (
    <li className="relative">
      <CelebrationLines celebration={celebration} />
      {celebration.hasLetter ? (
        <Link to={`/milestones/celebrations/${celebration.id}`} className="absolute bottom-3 right-4 text-sm font-medium text-slate-900 underline">
          Click For More
        </Link>
      ) : null}
      <fetcher.Form method="post" action={`/milestones/celebrations/${celebration.id}`} className="absolute right-2 top-2">
        <button type="submit" aria-label={`Close: ${celebration.lines[0]}`} className="grid size-8 place-items-center rounded-full text-slate-800 hover:bg-white/70">
          <Icon name="x" className="size-4" />
        </button>
      </fetcher.Form>
    </li>
  );
}

/** The feed's milestone banner: the viewer's unread personal celebrations, each with a close button that marks it read. */
export function CelebrationBanner({ data }: { data: { celebrations: Celebration[] } }) {
  if (data.celebrations.length === 0) return null;
  return (
    <section aria-label="Your celebrations">
      <ul className="flex flex-col gap-3">
        {data.celebrations.map((celebration) => (
          <Banner key={celebration.id} celebration={celebration} />
        ))}
      </ul>
    </section>
  );
}
