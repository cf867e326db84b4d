import type { PublishedItemView } from "~/modules/plugins/manifest";

/** An approved nomination in the feed or on the nominee's wall: who nominated whom, for which value, at which level, and why. */
export function NominationItem({ item }: { item: PublishedItemView }) {
  const { nominatorName, nomineeName, coreValue, awardLevel, message } = item.data as Record<string, string>;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-700">
        <strong className="text-slate-900">{nominatorName}</strong> nominated <strong className="text-slate-900">{nomineeName}</strong> for{" "}
        <strong className="text-slate-900">{coreValue}</strong>
      </p>
      <p className="inline-flex self-start rounded-full bg-amber-100 px-3 py-0.5 text-sm font-medium text-amber-900">{awardLevel} award</p>
      <p className="whitespace-pre-line">{message}</p>
    </div>
  );
}
