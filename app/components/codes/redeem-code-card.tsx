import { Card, CardTitle } from "~/components/ui/card";
import { RedeemCodeForm } from "./redeem-code-form";

export interface RedeemCodeCardData {
  imageUrl: string | null;
}

export function RedeemCodeCard({ data }: { data: RedeemCodeCardData }) {
  return (
    <Card>
      {data.imageUrl ? <img src={data.imageUrl} alt="" className="mb-3 w-full rounded" /> : null}
      <CardTitle>Redeem a Code</CardTitle>
      <RedeemCodeForm id="redeem-card-code" />
    </Card>
  );
}
