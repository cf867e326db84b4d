import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { AppShell } from "~/components/shell/app-shell";
import { DelegationBar } from "~/components/shell/delegation-bar";
import { SiteNotices } from "~/components/shell/site-notices";
import { Snackbar } from "~/components/shell/snackbar";
import { registry } from "~/modules/plugins/installed";
import { RegistryProvider } from "~/modules/plugins/registry-context";
import { loadShell } from "~/modules/shell/shell.server";
import stylesheet from "~/tailwind.css";
import { useNonce } from "~/components/nonce";
import { usesSignInLayout } from "~/components/auth-card";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
];

export async function loader(args: LoaderFunctionArgs) {
  const { shell, headers } = await loadShell(args);
  return json(shell, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.brand.name ?? "Recognition" }];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  return (
    <html lang="en" data-contrast={data?.highContrast ? "high" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {data ? <link rel="stylesheet" href={`/css/color.css?v=${data.colorVersion}`} /> : null}
        <Links />
      </head>
      <body className="bg-slate-100 text-slate-900 antialiased">
        <RegistryProvider value={registry}>{children}</RegistryProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  const signingIn = useMatches().some((match) => usesSignInLayout(match.handle));
  const banners = (
    <>
      <SiteNotices notices={data.notices} />
      <Snackbar toast={data.toast} />
    </>
  );
  if (data.viewer && data.menus && !signingIn) {
    return (
      <AppShell
        brand={data.brand}
        viewer={data.viewer}
        menus={data.menus}
        banners={
          <>
            {data.delegation ? <DelegationBar delegation={data.delegation} actingAs={data.viewer.displayName} /> : null}
            {banners}
          </>
        }
      >
        <Outlet />
      </AppShell>
    );
  }
  return (
    <div className="min-h-screen">
      {banners}
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, text] =
    status === 404
      ? ["Page not found", "We couldn't find the page you were looking for."]
      : status === 400 || status === 413
        ? ["That request didn't work", "We could not understand that request. Please check what you entered and try again."]
        : status === 503
          ? ["We'll be right back", "The recognition site is down for maintenance. Please try again in a few minutes."]
          : ["Something went wrong", "We couldn't show this page. Please try again in a moment."];
  return (
    <main className="mx-auto max-w-lg px-6 py-24 text-center">
      <h1 className="mb-3 text-2xl font-semibold">{title}</h1>
      <p className="mb-6 text-slate-700">{text}</p>
      <Link to="/feed" className="font-medium text-brand underline">
        Go to the feed
      </Link>
    </main>
  );
}
