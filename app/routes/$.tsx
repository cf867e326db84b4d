import { json } from "@remix-run/node";
import { Link } from "@remix-run/react";

/** Unknown paths: a not-found page with the 404 status. */
export function loader() {
  return json(null, { status: 404 });
}

export default function NotFoundPage() {
  return (
    <div className="mx-auto max-w-lg px-6 py-24 text-center">
      <h1 className="mb-3 text-2xl font-semibold">Page not found</h1>
      <p className="mb-6 text-slate-700">We couldn't find the page you were looking for.</p>
      <Link to="/" className="font-medium text-brand underline">
        Go to the home page
      </Link>
    </div>
  );
}
