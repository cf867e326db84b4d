import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";

/** A way out of a sign-in step (two-factor, the forced password change) for someone who cannot or will not finish it. */
export function SignOutForm() {
  return (
    <Form method="post" action="/logout" className="mt-4 text-center">
      <Button type="submit" variant="link">
        Sign out
      </Button>
    </Form>
  );
}
