import type { ReactNode } from "react";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PersonLink } from "~/components/people/person-link";
import { Avatar } from "~/components/shell/avatar";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireViewer } from "~/modules/auth/guards.server";
import { sharedWithManagerOnly } from "~/modules/people/privacy";
import { seesSection } from "~/modules/people/privacy.server";
import { keptMeIn3, keptMyStuff, keptProfile, keptWallPage } from "~/modules/profile/person-pages.server";
import { MeIn3Figure, MyStuffList } from "~/components/profile/sections";
import { ProfileWall } from "~/components/people/profile-wall";
import { Cards } from "~/components/shell/sidebars";
import { loadCards } from "~/modules/shell/sidebars.server";
import { profileActions } from "~/modules/shell/extension-points";
import { calendarDayText } from "~/modules/time/calendar-days";
import { rowId } from "~/utils/row-id";
import { loadWithSlots } from "~/modules/plugins/slots-loaded";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? data.person.displayName : "Profile" }];

/** Someone's profile in this program; an id of another program (or none) is not found. */
export async function loader(args: LoaderFunctionArgs) {
  const id = rowId(args.params.id);
  const db = args.context.db;
  // A visitor gets the sign-in redirect; the program's handle reaches only this program's people.
  const viewer = await requireViewer(args);
  const access = { db, viewer };
  const profile = id ? await keptProfile(access, id) : null;
  if (!profile) throw new Response("Not found", { status: 404 });
  const search = new URL(args.request.url).searchParams;
  const filters = args.context.app.registry.wallItemKinds(viewer.tenant);
  const only = filters.find((filter) => filter.itemType === search.get("wall"))?.itemType ?? null;
  const { privacy, permissions, ...shown } = profile;
  // The timeline (the wall) is everyone's to see unless its person keeps it to themselves and their manager (myTimelineEnabled).
  const wallShown = seesSection(viewer.employee.id, privacy, "myTimelineEnabled");
  const { siteConfig, profileCategories } = viewer.tenant;
  // Me In 3 and My Stuff where the program offers them: what they hold if the person's preferences let the viewer see it, else "kept".
  const shownTo = (enabled: boolean, preference: "meIn3Enabled" | "myStuffEnabled") => (!enabled ? "off" : seesSection(viewer.employee.id, privacy, preference) ? "shown" : "kept");
  const [meIn3Shown, myStuffShown] = [shownTo(siteConfig.meIn3Enabled, "meIn3Enabled"), shownTo(siteConfig.myStuffEnabled, "myStuffEnabled")];
  const [page, sections, pictures, stuff] = await Promise.all([
    wallShown ? keptWallPage(access, profile.person.id, filters.map((filter) => filter.itemType), { only: only ?? undefined, before: rowId(search.get("before")) ?? undefined }) : null,
    loadCards(args, viewer, "profile"),
    meIn3Shown === "shown" ? keptMeIn3(access, profile.person.id, profileCategories) : null,
    myStuffShown === "shown" ? keptMyStuff(access, profile.person.id, profileCategories) : null,
  ]);
  const isOwn = profile.person.id === viewer.employee.id;
  // What plugins offer to do for this person (send an eCard, nominate, give points), where the person may take part too.
  const { registry } = args.context.app;
  const offered = registry.visibleExtensions(viewer, profileActions).filter((action) => !isOwn || action.onOwnProfile);
  const personPermissions = registry.withPermissionDefaults(permissions);
  const actions = offered
    .filter((action) => !action.personPermission || personPermissions[action.personPermission] === true)
    .sort((a, b) => (a.order ?? 100) - (b.order ?? 100))
    .map((action) => ({ label: action.label, href: action.href(profile.person.id) }));
  return json({
    ...shown,
    isOwn,
    actions,
    sections,
    wall: page ? { filters, only, ...page } : null,
    timelineKept: page === null && filters.length > 0,
    // The recognition story tells what the timeline holds: it is seen by those who may see that.
    storyShown: siteConfig.myRecognitionStoryEnabled && wallShown,
    // null where the program does not offer it; `shown` null where its person keeps it from this viewer.
    meIn3: meIn3Shown === "off" ? null : { shown: pictures },
    myStuff: myStuffShown === "off" ? null : { shown: stuff },
  });
}

/**
 * A section of the profile that a preference guards: what it holds (`shown`), or, when its
 * person keeps it to themselves and their manager (null), the sentence saying so. Empty, it
 * shows only to its owner, with the way to fill it.
 */
function ProfileSection<T>({ title, kept, shown, edit, children }: { title: string; kept: string; shown: T[] | null; edit: { to: string; label: string; empty: string } | null; children: (shown: T[]) => ReactNode }) {
  if (shown?.length === 0 && !edit) return null;
  return (
    <Card className="p-6" aria-label={title}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">{title}</h2>
        {edit ? (
          <Link to={edit.to} className="text-sm text-brand underline">
            {edit.label}
          </Link>
        ) : null}
      </div>
      {shown === null ? <p className="text-slate-700">{kept}</p> : shown.length === 0 ? <p className="text-sm text-slate-700">{edit?.empty}</p> : children(shown)}
    </Card>
  );
}

export const clientLoader = loadWithSlots;

export default function ProfilePage() {
  const { person, email, startedOn, department, manager, groups, wall, timelineKept, storyShown, isOwn, actions, sections, meIn3, myStuff } = useLoaderData<typeof loader>();
  // How often the person was recognised: the wall's counts, where the viewer may see the wall.
  const recognised = wall && wall.filters.length > 0 ? Object.values(wall.counts).reduce((sum, count) => sum + count, 0) : null;
  return (
    <div className="mx-auto grid max-w-2xl gap-4">
      <Card className="flex items-center gap-4 p-6">
        <Avatar id={person.id} firstName={person.firstName} lastName={person.lastName} src={person.avatarUrl} className="size-20 text-2xl" />
        <div>
          <h1 className="text-2xl font-semibold">{person.displayName}</h1>
          {person.jobTitle || department ? <p className="text-slate-700">{[person.jobTitle, department].filter(Boolean).join(", ")}</p> : null}
          {startedOn ? <p className="text-sm text-slate-700">{`Joined on ${calendarDayText(startedOn)}`}</p> : null}
          {recognised === null ? null : <p className="text-sm text-slate-700">{recognised === 1 ? "Recognised once" : `Recognised ${recognised.toLocaleString("en-US")} times`}</p>}
          {email ? (
            <p className="text-sm">
              <a href={`mailto:${email}`} className="inline-flex min-h-6 items-center text-brand underline">
                {email}
              </a>
            </p>
          ) : null}
          <p className="flex flex-wrap gap-x-4 text-sm">
            {isOwn ? (
              <Link to="/profile/avatar" className="inline-flex min-h-6 items-center text-brand underline">
                Change your picture
              </Link>
            ) : null}
            {storyShown ? (
              <Link to={`/profile/${person.id}/story`} className="inline-flex min-h-6 items-center text-brand underline">
                {isOwn ? "Your recognition story" : `${person.displayName}'s recognition story`}
              </Link>
            ) : null}
          </p>
        </div>
      </Card>
      {actions.length > 0 ? (
        <nav aria-label={`For ${person.displayName}`} className="flex flex-wrap gap-2">
          {actions.map((action) => (
            <Button key={action.href} asChild>
              <Link to={action.href}>{action.label}</Link>
            </Button>
          ))}
        </nav>
      ) : null}
      <Card className="p-6">
        <h2 className="mb-2 font-semibold">Manager</h2>
        {manager ? <PersonLink person={manager} /> : <p className="text-slate-700">No manager on file.</p>}
        <h2 className="mb-2 mt-4 font-semibold">Groups</h2>
        {groups.length > 0 ? (
          <ul className="flex flex-wrap gap-2">
            {groups.map((group) => (
              <li key={group.id}>
                <Link to={`/people?group=${group.id}`} className="inline-block rounded-full bg-slate-100 px-3 py-1 text-sm hover:bg-slate-200">
                  {group.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">Not in any group.</p>
        )}
      </Card>
      {meIn3 === null ? null : (
        <ProfileSection title="Me In 3" kept={sharedWithManagerOnly(person.displayName, "Me In 3")} shown={meIn3.shown} edit={isOwn ? { to: "/profile/me-in-3", label: "Edit your Me In 3", empty: "Show colleagues three pictures of what matters to you." } : null}>
          {(pictures) => (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              {pictures.map((picture) => (
                <li key={picture.slot}>
                  <MeIn3Figure picture={picture} />
                </li>
              ))}
            </ul>
          )}
        </ProfileSection>
      )}
      {myStuff === null ? null : (
        <ProfileSection title="My Stuff" kept={sharedWithManagerOnly(person.displayName, "My Stuff")} shown={myStuff.shown} edit={isOwn ? { to: "/profile/my-stuff", label: "Edit your My Stuff", empty: "Tell colleagues your favourite things." } : null}>
          {(groups) => <MyStuffList groups={groups} />}
        </ProfileSection>
      )}
      <Cards cards={sections} />
      {timelineKept ? (
        <Card className="p-6">
          <p className="text-slate-700">{sharedWithManagerOnly(person.displayName, "timeline")}</p>
        </Card>
      ) : wall && wall.filters.length > 0 ? (
        <Card className="p-6">
          <ProfileWall wall={wall} />
        </Card>
      ) : null}
    </div>
  );
}
