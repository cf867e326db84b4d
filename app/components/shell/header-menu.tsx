import { Link } from "@remix-run/react";
import { ChevronDown } from "lucide-react";
import { lazy, Suspense, useState, type ReactNode } from "react";
import type { MenuLink } from "~/modules/plugins/registry";
import { useHydrated } from "~/utils/use-hydrated";

export const LOGOUT_FORM_ID = "logout-form";

export function submitLogoutForm() {
  (document.getElementById(LOGOUT_FORM_ID) as HTMLFormElement | null)?.requestSubmit();
}

export interface HeaderMenuProps {
  label: ReactNode;
  items: MenuLink[];
  /** Adds a 'Sign out' item that submits the shell's logout form. */
  withSignOut?: boolean;
  /** The menu starts open (the disclosure was opened before the dropdown arrived). */
  defaultOpen?: boolean;
}

export const headerMenuTriggerClass =
  "inline-flex items-center gap-1 rounded px-3 py-2 text-sm font-medium text-header-foreground hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-header-foreground cursor-pointer list-none [&::-webkit-details-marker]:hidden";

// The Radix menu (a quarter of the shell's script) is fetched once the page is interactive, not with the page.
const HeaderDropdown = lazy(() => import("./header-dropdown"));

/** A native <details> disclosure: the menu before JavaScript runs (and for browsers without it). */
function DisclosureMenu({ label, items, withSignOut, onToggle }: HeaderMenuProps & { onToggle?: (open: boolean) => void }) {
  return (
    <details className="relative" onToggle={(event) => onToggle?.(event.currentTarget.open)}>
      <summary className={headerMenuTriggerClass}>
        {label} <ChevronDown aria-hidden className="size-4" />
      </summary>
      <ul className="absolute right-0 z-50 mt-1 min-w-48 rounded-md border border-slate-200 bg-white p-1 text-slate-900 shadow-lg">
        {items.map((item) => (
          <li key={item.to}>
            <Link className="block rounded px-3 py-2 text-sm hover:bg-slate-100" to={item.to}>
              {item.label}
            </Link>
          </li>
        ))}
        {withSignOut ? (
          <li>
            <button form={LOGOUT_FORM_ID} type="submit" className="block w-full rounded px-3 py-2 text-left text-sm hover:bg-slate-100">
              Sign out
            </button>
          </li>
        ) : null}
      </ul>
    </details>
  );
}

/** A header menu: a native disclosure until JavaScript runs and the Radix dropdown has loaded, that dropdown after. */
export function HeaderMenu(props: HeaderMenuProps) {
  const hydrated = useHydrated();
  // A disclosure opened while the dropdown loads hands its state on, so the menu stays open.
  const [opened, setOpened] = useState(false);
  if (props.items.length === 0 && !props.withSignOut) return null;
  if (!hydrated) return <DisclosureMenu {...props} />;
  return (
    <Suspense fallback={<DisclosureMenu {...props} onToggle={setOpened} />}>
      <HeaderDropdown {...props} defaultOpen={opened} />
    </Suspense>
  );
}
