import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthCard, signInLayout } from "~/components/auth-card";
import { LeavingActions, LeavingText } from "~/components/links/leaving-notice";
import { buttonVariants } from "~/components/ui/button";
import { safeRedirectPath } from "~/modules/auth/safe-redirect";
import { INVALID_LINK, isInternalLink, LEAVING_TITLE, parseLink } from "~/modules/links/links";

/** Shown on its own, like the sign-in pages: a stop between this site and another. */
export const handle = signInLayout;

export const meta: MetaFunction = () => [{ title: LEAVING_TITLE }];

/**
 * The leave-site warning without JavaScript: ?to= is the other site's address,
 * ?back= the page to return to. A link to this site itself goes straight there.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const back = safeRedirectPath(query.get("back"));
  const url = parseLink(query.get("to") ?? "");
  if (!url) throw new Response(INVALID_LINK, { status: 400 });
  if (isInternalLink(url, new URL(request.url).hostname)) return redirect(safeRedirectPath(`${url.pathname}${url.search}${url.hash}`));
  return json({ url: url.href, host: url.hostname, back });
}

export default function LeavingPage() {
  const { url, host, back } = useLoaderData<typeof loader>();
  return (
    <AuthCard title={LEAVING_TITLE}>
      <div className="flex flex-col gap-6">
        <LeavingText host={host} />
        <LeavingActions
          url={url}
          goBack={
            <Link to={back} className={buttonVariants({ variant: "outline" })}>
              Go Back
            </Link>
          }
        />
      </div>
    </AuthCard>
  );
}
