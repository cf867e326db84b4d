import type { PublishedItemView } from "~/modules/plugins/manifest";
import { ECARD_HEIGHT, ECARD_WIDTH } from "../designs";

/**
 * An eCard in the feed (a public one, with its message) or on a wall (public: with its message;
 * private: only that one came, and from whom). Its data is checked when published (itemData).
 */
export function EcardItem({ item }: { item: PublishedItemView }) {
  const message = typeof item.data.message === "string" ? item.data.message : null;
  const video = item.data.video as { src: string; contentType: string } | undefined;
  return (
    <div className="flex flex-col gap-2">
      {video ? (
        <video controls preload="metadata" poster={String(item.data.image)} className="aspect-video h-auto w-full rounded-md bg-slate-900">
          <source src={video.src} type={video.contentType} />
        </video>
      ) : (
        <img src={String(item.data.image)} alt={String(item.data.alt)} width={ECARD_WIDTH} height={ECARD_HEIGHT} loading="lazy" className="aspect-video h-auto w-full rounded-md" />
      )}
      {message ? <p className="whitespace-pre-line">{message}</p> : <p className="text-sm text-slate-700">An eCard from {String(item.data.senderName)}.</p>}
    </div>
  );
}
