import { Link, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { safeRedirectPath } from "~/modules/auth/safe-redirect";

/** With JavaScript, a path in the URL's hash (`/redirect#/post/5`) goes back to the server as `?path=`. */
export function HashRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    const hash = window.location.hash.slice(1);
    navigate(`?${new URLSearchParams({ path: safeRedirectPath(hash) })}`, { replace: true });
  }, [navigate]);
  return (
    <div className="mx-auto max-w-md px-6 py-24 text-center">
      <p className="mb-4 text-slate-700">Taking you there…</p>
      <Link to="/feed" className="font-medium text-brand underline">
        Go to the feed
      </Link>
    </div>
  );
}
