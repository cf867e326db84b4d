import { Form, useSubmit } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/utils/use-hydrated";

/** The spec's segment dropdown shows at most 16 characters of a name (the whole name is its tooltip). */
const LABEL_MAX = 16;

function segmentLabel(name: string) {
  return name.length > LABEL_MAX ? `${name.slice(0, LABEL_MAX - 1)}…` : name;
}

/**
 * The spec's segment filter: a GET form that shows one segment's people's items, or all. Pages
 * offer it only when the program has more than one segment. With JavaScript a choice applies at
 * once; without, 'Show' sends it.
 */
export function SegmentFilter({ id, action, segments, current }: { id: string; action: string; segments: readonly { id: number; name: string }[]; current: number | null }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  if (segments.length === 0) return null;
  return (
    <Form method="get" action={action} className="flex items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Segment
        </label>
        <select id={id} name="segment" defaultValue={current ?? ""} onChange={(event) => submit(event.currentTarget.form)} className="rounded-md border border-slate-300 px-2 py-2 text-sm">
          <option value="">All</option>
          {segments.map((segment) => (
            <option key={segment.id} value={segment.id} title={segment.name}>
              {segmentLabel(segment.name)}
            </option>
          ))}
        </select>
      </div>
      {hydrated ? null : (
        <Button type="submit" variant="outline" size="sm">
          Show
        </Button>
      )}
    </Form>
  );
}
