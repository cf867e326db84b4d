import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PersonLink } from "~/components/people/person-link";
import { StoryChart } from "~/components/profile/story-chart";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { refuseToFeed, requireViewer } from "~/modules/auth/guards.server";
import { sharedWithManagerOnly } from "~/modules/people/privacy";
import { seesSection } from "~/modules/people/privacy.server";
import type { PersonOption } from "~/modules/people/people";
import { formatPoints } from "~/modules/points/accounts";
import { keptProfile } from "~/modules/profile/person-pages.server";
import { monthLabel } from "~/modules/profile/story";
import { recognitionStory } from "~/modules/profile/story.server";
import { rowId } from "~/utils/row-id";
import { useHydrated } from "~/utils/use-hydrated";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? data.title : "Recognition story" }];

/**
 * The spec's /profile/{id}/story (myRecognitionStoryEnabled): a person's recognition over time,
 * seen by whoever may see their timeline (myTimelineEnabled), printable.
 */
export async function loader(args: LoaderFunctionArgs) {
  const id = rowId(args.params.id);
  const db = args.context.db;
  // The program's handle reaches only this program's people.
  const viewer = await requireViewer(args);
  const access = { db, viewer };
  const profile = id === null ? null : await keptProfile(access, id);
  if (!viewer.tenant.siteConfig.myRecognitionStoryEnabled) await refuseToFeed(args, "The recognition story is not available in this program.");
  if (id === null || !profile) throw new Response("Not found", { status: 404 });
  const own = id === viewer.employee.id;
  const person = { id, name: profile.person.displayName };
  const title = own ? "Your recognition story" : `${person.name}'s recognition story`;
  if (!seesSection(viewer.employee.id, profile.privacy, "myTimelineEnabled")) return json({ title, person, own, story: null });
  return json({ title, person, own, story: await recognitionStory(access, args.context.app.registry, viewer.tenant, id) });
}

function PeopleList({ title, people, empty }: { title: string; people: { person: PersonOption; times: number; points: number }[]; empty: string }) {
  return (
    <Card className="p-6" aria-label={title}>
      <h2 className="mb-3 font-semibold">{title}</h2>
      {people.length > 0 ? (
        <ol className="grid gap-2">
          {people.map(({ person, times, points }) => (
            <li key={person.id} className="flex flex-wrap items-center justify-between gap-2">
              <PersonLink person={person} />
              <span className="text-sm text-slate-700">
                {times === 1 ? "once" : `${times} times`}, {formatPoints(points)} points
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-700">{empty}</p>
      )}
    </Card>
  );
}

export default function RecognitionStoryPage() {
  const { title, person, own, story } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const they = own ? "You" : person.name;
  return (
    <div className="mx-auto grid max-w-3xl gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{title}</h1>
          <Link to={`/profile/${person.id}`} className="text-sm text-brand underline print:hidden">
            Back to the profile
          </Link>
        </div>
        {hydrated && story ? (
          <Button type="button" variant="outline" className="print:hidden" onClick={() => window.print()}>
            Print this story
          </Button>
        ) : null}
      </div>
      {story === null ? (
        <Card className="p-6">
          <p className="text-slate-700">{sharedWithManagerOnly(person.name, "timeline")}</p>
        </Card>
      ) : story.total.received + story.total.pointsReceived + story.total.pointsGiven === 0 ? (
        <Card className="p-6">
          <p className="text-slate-700">No recognition yet: the story starts with the first thank-you.</p>
        </Card>
      ) : (
        <>
          <Card className="p-6">
            <p className="text-lg">
              {they} {own ? "have" : "has"} been recognised <strong>{story.total.received.toLocaleString("en-US")}</strong> {story.total.received === 1 ? "time" : "times"} and received{" "}
              <strong>{formatPoints(story.total.pointsReceived)}</strong> points from colleagues; {own ? "you" : "they"} gave <strong>{formatPoints(story.total.pointsGiven)}</strong>.
            </p>
          </Card>
          <Card className="p-6" aria-label="The last twelve months">
            <h2 className="mb-3 font-semibold">The last twelve months</h2>
            <StoryChart months={story.months} />
            <table className="mt-4 w-full text-sm">
              <caption className="sr-only">Recognition month by month</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left">
                  <th scope="col" className="py-1 font-medium">
                    Month
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Recognition received
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Points received
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Points given
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...story.months].reverse().map((month) => (
                  <tr key={month.month} className="border-b border-slate-100">
                    <th scope="row" className="py-1 text-left font-normal">
                      {monthLabel(month.month)}
                    </th>
                    <td className="py-1 text-right">{month.received}</td>
                    <td className="py-1 text-right">{formatPoints(month.pointsReceived)}</td>
                    <td className="py-1 text-right">{formatPoints(month.pointsGiven)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          {story.years.map((year) => (
            <Card key={year.year} className="p-6" aria-label={year.year}>
              <h2 className="mb-2 text-xl font-semibold">{year.year}</h2>
              <p className="text-slate-700">
                Recognised {year.received} {year.received === 1 ? "time" : "times"}, {formatPoints(year.pointsReceived)} points received, {formatPoints(year.pointsGiven)} points given.
              </p>
              {year.byKind.length > 0 ? (
                <ul className="mt-3 flex flex-wrap gap-2">
                  {year.byKind.map((kind) => (
                    <li key={kind.label} className="rounded-full bg-slate-100 px-3 py-1 text-sm">
                      {kind.label}: {kind.count}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Card>
          ))}
          <PeopleList title={own ? "Who recognised you most" : `Who recognised ${person.name} most`} people={story.topRecognisers} empty="Nobody has given points yet." />
          <PeopleList title={own ? "Whom you recognised most" : `Whom ${person.name} recognised most`} people={story.recognisedMost} empty="No points given yet." />
          {story.chapters.map((chapter) => (
            <Card key={chapter.title} className="p-6" aria-label={chapter.title}>
              <h2 className="mb-3 font-semibold">{chapter.title}</h2>
              <ul className="flex flex-wrap gap-2">
                {chapter.entries.map((entry) => (
                  <li key={entry.label} className="rounded-full bg-slate-100 px-3 py-1 text-sm">
                    {entry.label} <span className="text-slate-700">× {entry.count}</span>
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </>
      )}
    </div>
  );
}
