import { Card, CardTitle } from "~/components/ui/card";
import { ActivateLotForm } from "./activate-lot-form";

export function ActivateLotCard() {
  return (
    <Card>
      <CardTitle>Activate Lot</CardTitle>
      <ActivateLotForm id="activate-lot-card-code" />
    </Card>
  );
}
