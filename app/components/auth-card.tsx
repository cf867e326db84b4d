import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import type { loader as rootLoader } from "~/root";

/**
 * A route's `handle` for the pages of signing in (login, reset, register, set
 * password, two-factor, the forced change): the root shows them without the
 * shell, signed in or not, since every menu would only lead back to them.
 */
export const signInLayout = { layout: "sign-in" } as const;

export function usesSignInLayout(handle: unknown) {
  return (handle as { layout?: string } | undefined)?.layout === signInLayout.layout;
}

/** The centred, branded card of the sign-in pages (inside the root's bare layout and its <main>). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="flex min-h-screen items-center justify-center px-4 py-12">
      <Card className="w-full max-w-sm p-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          {root ? <img src={root.brand.logoUrl} alt={root.brand.logoAlt} className="h-12 w-auto rounded bg-header p-2" /> : null}
          <h1 className="text-xl font-semibold">{title}</h1>
        </div>
        {children}
      </Card>
    </div>
  );
}
