import { Link } from "@remix-run/react";
import { Card } from "~/components/ui/card";
import { formatPoints } from "~/modules/points/accounts";
import { Avatar } from "./avatar";

export interface PointsTile {
  label: "Points to Spend" | "Points to Give";
  points: number;
  to: string;
  /** A link under the tile: 'Request More Points' on Points to Give, for those who may ask. */
  more?: { label: string; to: string };
}

export interface ProfileCardData {
  id: number;
  firstName: string;
  lastName: string;
  displayName: string;
  jobTitle: string | null;
  tiles: PointsTile[];
}

export function ProfileCard({ data }: { data: ProfileCardData }) {
  return (
    <Card>
      <div className="flex items-center gap-3">
        <Avatar id={data.id} firstName={data.firstName} lastName={data.lastName} className="size-12 text-base" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{data.displayName}</p>
          {data.jobTitle ? <p className="truncate text-sm text-slate-600">{data.jobTitle}</p> : null}
        </div>
      </div>
      {data.tiles.length > 0 ? (
        <ul className="mt-4 grid grid-cols-2 gap-2">
          {data.tiles.map((tile) => (
            <li key={tile.label}>
              <Link to={tile.to} className="block rounded-md bg-slate-50 p-2 text-center hover:bg-slate-100" data-testid={tile.label}>
                <span className="block text-lg font-semibold text-slate-900">{formatPoints(tile.points)}</span>
                <span className="block text-xs text-slate-600">{tile.label}</span>
              </Link>
              {tile.more ? (
                <Link to={tile.more.to} className="mt-1 block text-center text-xs text-brand underline underline-offset-2">
                  {tile.more.label}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
