import { Component, type ReactNode } from "react";
import { Card } from "~/components/ui/card";

/** What a card shows when it cannot: the rest of the page goes on. */
export function CardUnavailable() {
  return (
    <Card role="status" className="p-4 text-sm text-slate-700">
      This card could not be loaded. Please try again later.
    </Card>
  );
}

/** One card's error boundary: a card that throws while rendering takes down only itself. */
export class CardBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <CardUnavailable /> : this.props.children;
  }
}
