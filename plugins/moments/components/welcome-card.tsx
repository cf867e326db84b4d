import { useFetcher } from "@remix-run/react";
import { Icon } from "~/components/ui/icons";
import { Card, CardTitle } from "~/components/ui/card";
import type { WelcomeCardData } from "../welcome.server";

/** The program's welcome post above the feed; its close button is a form (a fetcher with JavaScript, gone at once). */
export function WelcomeCard({ data }: { data: WelcomeCardData }) {
  const fetcher = useFetcher<{ hidden: boolean }>();
  const closing = fetcher.state !== "idle" || fetcher.data?.hidden === true;
  if (!data || closing) return null;
  return (
    <Card aria-labelledby="welcome-post-title" className="flex flex-col gap-3">
      <div className="flex items-start gap-3">
        <CardTitle id="welcome-post-title" className="mb-0 flex-1">
          {data.headline || "Welcome"}
        </CardTitle>
        {data.closeable ? (
          <fetcher.Form method="post" action="/welcome-post/hide">
            <button type="submit" className="rounded p-1 hover:bg-slate-100" aria-label="Close welcome post">
              <Icon name="x" className="size-4" />
            </button>
          </fetcher.Form>
        ) : null}
      </div>
      {data.image ? <img src={data.image} alt="" className="max-h-64 w-full rounded-md object-cover" /> : null}
      {data.text ? <p className="whitespace-pre-line text-slate-700">{data.text}</p> : null}
    </Card>
  );
}
