import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

type Which = "image" | "document";

const FILES: Record<Which, { title: string; accept: string; none: string }> = {
  image: { title: "Picture", accept: "image/jpeg,image/png,image/webp,image/gif", none: "No picture: the award's cards show its display lines only." },
  document: { title: "Announcement document", accept: ".pdf,.txt,.jpg,.png", none: "No document." },
};

/** An award type's picture and announcement document: each uploaded (a multipart form of its own), shown, or removed; an upload's error beside its field. */
export function AwardFiles({
  typeId,
  files,
  error,
  busy,
}: {
  typeId: number;
  files: Record<Which, { url: string; name: string } | null>;
  error: { which: Which; message: string } | null;
  busy: boolean;
}) {
  return (
    <Card className="flex flex-col gap-6">
      {(Object.keys(FILES) as Which[]).map((which) => {
        const { title, accept, none } = FILES[which];
        const file = files[which];
        const inputId = `award-${which}`;
        const errorId = error?.which === which ? `${inputId}-error` : undefined;
        return (
          <section key={which} aria-labelledby={`${inputId}-title`} className="flex flex-col gap-2">
            <h2 id={`${inputId}-title`} className="text-lg font-semibold">
              {title}
            </h2>
            {!file ? (
              <p className="text-sm text-slate-700">{none}</p>
            ) : which === "image" ? (
              <img src={file.url} alt="The award's picture" className="h-32 w-56 rounded object-cover" />
            ) : (
              <a href={file.url} className="self-start text-brand underline">
                {file.name}
              </a>
            )}
            <Form method="post" encType="multipart/form-data" action={`?edit=${typeId}&upload=${which}`} className="flex flex-wrap items-end gap-3">
              <div className="flex flex-col gap-1">
                <label htmlFor={inputId} className="text-sm font-medium">
                  {file ? `Replace the ${title.toLowerCase()}` : `Upload a ${title.toLowerCase()}`}
                </label>
                <input id={inputId} type="file" name="file" accept={accept} required aria-invalid={errorId ? true : undefined} aria-describedby={errorId} className="text-sm" />
                {errorId ? (
                  <p id={errorId} className="text-sm text-red-700">
                    {error!.message}
                  </p>
                ) : null}
              </div>
              <Button type="submit" variant="outline" disabled={busy}>
                Upload
              </Button>
            </Form>
            {file ? (
              <Form method="post" action={`?edit=${typeId}`}>
                <input type="hidden" name="remove" value={which} />
                <Button type="submit" variant="outline" disabled={busy}>
                  Remove the {title.toLowerCase()}
                </Button>
              </Form>
            ) : null}
          </section>
        );
      })}
    </Card>
  );
}
