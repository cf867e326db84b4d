import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Card, CardTitle } from "~/components/ui/card";
import { requireViewer } from "~/modules/auth/guards.server";
import { canGivePoints, usesPoints } from "~/modules/points/access";

export const meta: MetaFunction = () => [{ title: "Help" }];

/** The spec's /help: whom to ask in this program, and where in the app the usual questions are answered. */
export async function loader(args: LoaderFunctionArgs) {
  const viewer = await requireViewer(args);
  const { siteConfig } = viewer.tenant;
  return json({
    program: args.context.tenant.config.name,
    contact: siteConfig.contactUsText ? { headline: siteConfig.contactUsHeadlineText, text: siteConfig.contactUsText } : null,
    hasGuide: siteConfig.programInfoText.trim().length > 0,
    points: usesPoints(viewer) || canGivePoints(viewer),
    redeems: viewer.employee.permissions.canRedeemCodes === true,
    privacy: siteConfig.employeePreferencesEnabled,
    notifications: siteConfig.notificationsEnabled,
  });
}

function Topic({ to, children }: { to: string; children: string }) {
  return (
    <li>
      <Link to={to} className="inline-flex min-h-6 items-center text-brand underline">
        {children}
      </Link>
    </li>
  );
}

export default function HelpPage() {
  const { program, contact, hasGuide, points, redeems, privacy, notifications } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Help</h1>
      <Card className="p-6">
        <CardTitle>{contact?.headline || `Ask the people who run ${program}`}</CardTitle>
        <p className="mt-2 whitespace-pre-line text-slate-700">{contact?.text || `Your program managers look after ${program}: ask them, or your manager, about anything here.`}</p>
      </Card>
      <Card className="p-6">
        <CardTitle>How the program works</CardTitle>
        <ul className="mt-2 flex flex-col gap-1">
          {hasGuide ? <Topic to="/settings/program-guide">Read the program guide</Topic> : null}
          {points ? <Topic to="/transaction-history">See the points you received, gave and spent</Topic> : null}
          {redeems ? <Topic to="/redeem">Redeem a code for points</Topic> : null}
          <Topic to="/people">Find a colleague</Topic>
        </ul>
      </Card>
      <Card className="p-6">
        <CardTitle>Your account</CardTitle>
        <ul className="mt-2 flex flex-col gap-1">
          <Topic to="/settings/security">Change your password or mobile phone</Topic>
          {privacy ? <Topic to="/settings/privacy">Choose how you are recognised and who sees your timeline</Topic> : null}
          {notifications ? <Topic to="/settings/notifications">Choose which notifications reach you</Topic> : null}
          <Topic to="/settings/integrations">See what the program is connected to</Topic>
        </ul>
      </Card>
    </div>
  );
}
