import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * The crop step without JavaScript: the uploaded picture as it was kept, and the area to cut
 * from it as numbers (from its top-left corner, and its size), which start at the centre crop
 * the server made. Posts `intent=crop` with `hidden` and the fields.
 */
export function FramingStep({
  title,
  intro,
  picture,
  hidden,
  fields,
}: {
  title: string;
  intro: string;
  picture: { source: string; width: number; height: number };
  hidden: Record<string, string>;
  fields: readonly (readonly [name: string, label: string, value: number])[];
}) {
  return (
    <Card className="p-6">
      <h2 className="mb-2 font-semibold">{title}</h2>
      <p className="mb-3 text-sm text-slate-700">
        Your picture is {picture.width} by {picture.height} pixels. {intro}
      </p>
      <img src={picture.source} alt="Your uploaded picture" className="mb-4 max-h-72 rounded-md" />
      <Form method="post" className="grid max-w-xs gap-3">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {fields.map(([name, label, value]) => (
          <div key={name} className="grid gap-1">
            <Label htmlFor={`crop-${name}`}>{label}</Label>
            <Input id={`crop-${name}`} name={name} type="number" min={name === "x" || name === "y" ? 0 : 1} defaultValue={value} required />
          </div>
        ))}
        <div>
          <Button type="submit" name="intent" value="crop">
            Save this framing
          </Button>
        </div>
      </Form>
    </Card>
  );
}
