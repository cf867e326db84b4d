import { Card, CardTitle } from "~/components/ui/card";

export interface ContactUsCardData {
  headline: string;
  text: string;
  imageUrl: string | null;
}

export function ContactUsCard({ data }: { data: ContactUsCardData }) {
  return (
    <Card>
      {data.imageUrl ? <img src={data.imageUrl} alt="" className="mb-3 w-full rounded" /> : null}
      <CardTitle>{data.headline}</CardTitle>
      <p className="whitespace-pre-line text-sm text-slate-700">{data.text}</p>
    </Card>
  );
}
