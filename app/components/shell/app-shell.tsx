import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { MenuId } from "~/modules/plugins/manifest";
import type { MenuLink } from "~/modules/plugins/registry";
import { PeopleLookup } from "~/components/people/people-lookup";
import { Icon, type IconName } from "~/components/ui/icons";
import { bellText } from "~/modules/notifications/notifications";
import { Avatar } from "./avatar";
import { HeaderMenu, LOGOUT_FORM_ID } from "./header-menu";

export interface ShellViewer {
  id: number;
  firstName: string;
  lastName: string;
  displayName: string;
  unreadNotifications: number;
}

export interface ShellBrand {
  name: string;
  logoUrl: string;
  logoAlt: string;
}

const menuLabels: Record<Exclude<MenuId, "profile">, string> = {
  admin: "Admin",
  recognize: "Recognize",
  incentives: "Incentives",
  shop: "Shop",
};

/**
 * The spec's bell: the unread count, '!!' from 100. Its name is its text (a visible
 * label or a hidden one, then the count for screen readers), so what a person sees
 * is part of what a screen reader or voice control calls it.
 */
function NotificationsLink({ unread, className, label }: { unread: number; className?: string; label?: "visible" | "hidden" }) {
  const count = unread > 0 ? `, ${unread >= 100 ? "100 or more" : unread} unread` : "";
  return (
    <Link to="/notifications" className={className}>
      <span className="relative">
        <Icon name="bell" className="size-5" />
        {unread > 0 ? (
          <span aria-hidden className="unread-badge">
            {bellText(unread)}
          </span>
        ) : null}
      </span>
      {label === "visible" ? (
        <>
          <span>Notifications</span>
          {count ? <span className="sr-only">{count}</span> : null}
        </>
      ) : (
        <span className="sr-only">{`Notifications${count}`}</span>
      )}
    </Link>
  );
}

function Logo({ brand }: { brand: ShellBrand }) {
  return (
    <Link to="/feed" className="flex items-center gap-2" aria-label={`${brand.name} home`}>
      <img src={brand.logoUrl} alt={brand.logoAlt} className="h-9 w-auto" />
    </Link>
  );
}

/**
 * The burger menu is a <details> disclosure, so it opens without JavaScript
 * (and choosing an entry loads a page where it is closed). With JavaScript it
 * also closes after a choice, on Escape (focus back on the button) and on a tap
 * outside it.
 */
function useDismissibleDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // Closed on each new page, not on the first: a menu opened before the page hydrated stays open.
  const page = useRef(location.key);
  useEffect(() => {
    if (page.current === location.key) return;
    page.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, []);
  return ref;
}

/**
 * The header, one for every screen (decision 081): on a phone the burger's panel lists the lookup
 * and each menu open under its heading; on a wide screen (where the browser can style a closed
 * disclosure's content) the burger's button is hidden and its content sits in the header's row,
 * each menu a dropdown. A browser that cannot shows the burger on a wide screen too.
 */
function ShellHeader({ brand, viewer, menus }: { brand: ShellBrand; viewer: ShellViewer; menus: Record<MenuId, MenuLink[]> }) {
  const disclosure = useDismissibleDisclosure();
  return (
    <header className="bg-header text-header-foreground shadow print:hidden">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-6 px-4 lg:h-16 lg:px-6">
        <Logo brand={brand} />
        <details ref={disclosure} className="shell-menu">
          <summary
            aria-label="Menu"
            className="flex cursor-pointer list-none items-center rounded p-2 hover:bg-white/10 [&::-webkit-details-marker]:hidden"
          >
            <Icon name="menu" className="pointer-events-none size-6" />
          </summary>
          <nav aria-label="Main" className="shell-nav">
            <PeopleLookup className="mb-3 rounded-md bg-header text-header-foreground lg:mr-auto lg:mb-0" />
            {(Object.keys(menuLabels) as (keyof typeof menuLabels)[]).map((menu) =>
              menus[menu].length === 1 && (menu === "incentives" || menu === "shop") ? (
                <Link key={menu} to={menus[menu][0].to} className="nav-link">
                  {menuLabels[menu]}
                </Link>
              ) : (
                <HeaderMenu key={menu} label={menuLabels[menu]} items={menus[menu]} />
              ),
            )}
            <NotificationsLink unread={viewer.unreadNotifications} className="hidden rounded px-3 py-2 hover:bg-white/10 lg:block" />
            <HeaderMenu
              label={
                <span className="flex items-center gap-2">
                  <Avatar id={viewer.id} firstName={viewer.firstName} lastName={viewer.lastName} className="size-8 text-xs" />
                  <span>{viewer.displayName}</span>
                </span>
              }
              items={menus.profile}
              withSignOut
            />
          </nav>
        </details>
      </div>
    </header>
  );
}

function MobileFooter({ menus, unread }: { menus: Record<MenuId, MenuLink[]>; unread: number }) {
  const link = (label: string, to: string, icon: IconName) => (
    <Link key={label} to={to} className="footer-link">
      <Icon name={icon} className="size-5" />
      {label}
    </Link>
  );
  // The spec's footer: Feed, Recognize, Notifications, Shop.
  return (
    <footer className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white lg:hidden print:hidden">
      <nav aria-label="Footer" className="flex justify-around">
        {link("Feed", "/feed", "house")}
        {menus.recognize[0] ? link("Recognize", menus.recognize[0].to, "star") : null}
        <NotificationsLink unread={unread} label="visible" className="footer-link" />
        {menus.shop[0] ? link("Shop", menus.shop[0].to, "shopping-bag") : null}
      </nav>
    </footer>
  );
}

export function AppShell({
  brand,
  viewer,
  menus,
  banners,
  children,
}: {
  brand: ShellBrand;
  viewer: ShellViewer;
  menus: Record<MenuId, MenuLink[]>;
  banners: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-slate-100 pb-16 lg:pb-0">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <Form id={LOGOUT_FORM_ID} method="post" action="/logout" reloadDocument className="hidden" />
      <ShellHeader brand={brand} viewer={viewer} menus={menus} />
      <div className="print:hidden">{banners}</div>
      <main id="main" tabIndex={-1} className="outline-none mx-auto max-w-7xl px-4 py-6 lg:px-6">
        {children}
      </main>
      <MobileFooter menus={menus} unread={viewer.unreadNotifications} />
    </div>
  );
}
