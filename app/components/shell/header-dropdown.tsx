import { Link } from "@remix-run/react";
import { Icon } from "~/components/ui/icons";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { submitLogoutForm, type HeaderMenuProps } from "./header-menu";

/** A header menu as a Radix dropdown: arrow keys, typeahead, Escape and outside clicks close it. */
export default function HeaderDropdown({ label, items, withSignOut, defaultOpen }: HeaderMenuProps) {
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className="nav-trigger">
        {label} <Icon name="chevron-down" className="size-4" />
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
