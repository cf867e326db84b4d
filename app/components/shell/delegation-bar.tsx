import { Form } from "@remix-run/react";

export interface ShellDelegation {
  originalName: string;
  isAdminDelegate: boolean;
}

/**
 * Says whose profile this is while delegating. The spec's 'Back to My Profile'
 * shows for a delegate who is not an admin delegate; an admin delegate signs out.
 */
export function DelegationBar({ delegation, actingAs }: { delegation: ShellDelegation; actingAs: string }) {
  return (
    <section
      aria-label="Acting on behalf of someone"
      className="flex flex-wrap items-center justify-center gap-3 bg-amber-100 px-4 py-2 text-sm text-amber-950 print:hidden"
    >
      <span>
        {delegation.originalName}, you are acting on behalf of <strong>{actingAs}</strong>
        {delegation.isAdminDelegate ? " as an administrator. Sign out to finish." : "."}
      </span>
      {delegation.isAdminDelegate ? null : (
        <Form method="post" action="/delegation/return" reloadDocument>
          <button type="submit" className="rounded border border-amber-700 px-3 py-1 font-medium hover:bg-amber-200">
            Back to My Profile
          </button>
        </Form>
      )}
    </section>
  );
}
