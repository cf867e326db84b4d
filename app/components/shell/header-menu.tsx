import { Link } from "@remix-run/react";
import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import type { MenuLink } from "~/modules/plugins/registry";
import { useHydrated } from "~/utils/use-hydrated";

export const LOGOUT_FORM_ID = "logout-form";

function submitLogoutForm() {
  (document.getElementById(LOGOUT_FORM_ID) as HTMLFormElement | null)?.requestSubmit();
}

interface HeaderMenuProps {
  label: ReactNode;
  items: MenuLink[];
  /** Adds a 'Sign out' item that submits the shell's logout form. */
  withSignOut?: boolean;
}

const triggerClass =
  "inline-flex items-center gap-1 rounded px-3 py-2 text-sm font-medium text-header-foreground hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-header-foreground cursor-pointer list-none [&::-webkit-details-marker]:hidden";

/**
 * A header menu: a Radix dropdown once JavaScript runs, a native
 * <details> disclosure before that (and for browsers without it).
 */
export function HeaderMenu({ label, items, withSignOut }: HeaderMenuProps) {
  const hydrated = useHydrated();
  if (items.length === 0 && !withSignOut) return null;

  if (!hydrated) {
    return (
      <details className="relative">
        <summary className={triggerClass}>
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

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={triggerClass}>
        {label} <ChevronDown aria-hidden className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {items.map((item) => (
          <DropdownMenuItem key={item.to} asChild>
            <Link to={item.to}>{item.label}</Link>
          </DropdownMenuItem>
        ))}
        {withSignOut ? (
          // The item unmounts as the menu closes, before a submit button's click would land.
          <DropdownMenuItem onSelect={submitLogoutForm}>Sign out</DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
