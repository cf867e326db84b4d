import { Link } from "@remix-run/react";
import { Icon } from "~/components/ui/icons";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import type { MenuLink } from "~/modules/plugins/registry";

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

type Dropdown = (props: HeaderMenuProps) => JSX.Element;

/** The Radix menu (a quarter of the shell's script), fetched once the page is interactive, not with the page. */
function loadDropdown(): Promise<Dropdown> {
  return import("./header-dropdown").then((module) => module.default);
}

/**
 * A native <details> disclosure: the menu before JavaScript runs (and for browsers without it), and
 * on a phone, where the burger lists each menu open under its heading (the shell's CSS hides the
 * summary there and shows the list; decision 081).
 */
function DisclosureMenu({ label, items, withSignOut, disclosure }: HeaderMenuProps & { disclosure: RefObject<HTMLDetailsElement> }) {
  return (
    <details ref={disclosure} className="nav-section">
      <summary className="nav-trigger">
        {label} <Icon name="chevron-down" className="size-4" />
      </summary>
      <h2 className="nav-section-heading">{label}</h2>
      <ul className="menu">
        {items.map((item) => (
          <li key={item.to}>
            <Link className="menu-item" to={item.to}>
              {item.label}
            </Link>
          </li>
        ))}
        {withSignOut ? (
          <li>
            <button form={LOGOUT_FORM_ID} type="submit" className="menu-item">
              Sign out
            </button>
          </li>
        ) : null}
      </ul>
    </details>
  );
}

const wideScreen = "(min-width: 64rem)";

/** Whether the screen is as wide as Tailwind's `lg`, where the header's menus are dropdowns; false until hydrated. */
function useWideScreen() {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(wideScreen);
    const update = () => setWide(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return wide;
}

/**
 * A header menu: a native disclosure until JavaScript runs and the Radix
 * dropdown has loaded, that dropdown after, on a wide screen (a phone keeps the
 * disclosure, shown open in the burger). The disclosure stays the same element
 * until then, so one opened meanwhile (even before hydration) is still open
 * when the dropdown takes over, and the dropdown starts open.
 */
export function HeaderMenu(props: HeaderMenuProps) {
  const disclosure = useRef<HTMLDetailsElement>(null);
  const wide = useWideScreen();
  const [Menu, setMenu] = useState<Dropdown | null>(null);
  useEffect(() => {
    if (!wide) return;
    let mounted = true;
    void loadDropdown().then((loaded) => {
      if (mounted) setMenu(() => loaded);
    });
    return () => {
      mounted = false;
    };
  }, [wide]);
  if (props.items.length === 0 && !props.withSignOut) return null;
  if (!Menu || !wide) return <DisclosureMenu {...props} disclosure={disclosure} />;
  // Read as the dropdown replaces the disclosure, in the same task as the swap, so a click that opened it
  // after the dropdown's code arrived (but before this render) is not lost.
  return <Menu {...props} defaultOpen={disclosure.current?.open ?? false} />;
}
