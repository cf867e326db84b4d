import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The head of a page under /admin/people: back to the list, the page's title and what it says first. */
export function PeopleAdminHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Link to="/admin/people" className="text-sm text-brand underline">
        All people
      </Link>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-sm text-slate-700">{children}</p>
    </div>
  );
}
