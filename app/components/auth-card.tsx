import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import type { loader as rootLoader } from "~/root";

/** The centred, branded card of the public sign-in pages (login, reset, register, set password). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4 py-12">
      <Card className="w-full max-w-sm p-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          {root ? <img src={root.brand.logoUrl} alt={root.brand.logoAlt} className="h-12 w-auto rounded bg-header p-2" /> : null}
          <h1 className="text-xl font-semibold">{title}</h1>
        </div>
        {children}
      </Card>
    </main>
  );
}
