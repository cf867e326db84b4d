import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { launchStore } from "../launch.server";

export const meta: MetaFunction = () => [{ title: "Global Rewards" }];

/** The store opens in a new tab from the shop: this page signs the viewer in there with a token that holds two minutes. */
export async function loader(args: LoaderFunctionArgs) {
  return json(await launchStore(args), { headers: { "Cache-Control": "private, no-store" } });
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function OpenGlobalRewards() {
  const { url, token } = useLoaderData<typeof loader>();
  const form = useRef<HTMLFormElement>(null);
  // With JavaScript the store opens by itself; without, Continue does it.
  useEffect(() => form.current?.submit(), []);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">Global Rewards</h1>
      <p>You are being signed in to the Global Rewards store.</p>
      <form ref={form} method="post" action={url}>
        <input type="hidden" name="token" value={token} />
        <Button type="submit">Continue to Global Rewards</Button>
      </form>
    </div>
  );
}
