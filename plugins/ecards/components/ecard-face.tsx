import { Link } from "@remix-run/react";
import { LocalDate } from "~/components/local-date";
import { Avatar } from "~/components/shell/avatar";
import { formatPoints } from "~/modules/points/accounts";
import type { EcardView } from "../read.server";
import { ECARD_HEIGHT, ECARD_WIDTH } from "../designs";

const longDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric", year: "numeric" });

/** A calendar day ("2027-03-14") as words, the same on the server and in the browser. */
export function dayWords(day: string) {
  return longDay.format(new Date(`${day}T12:00:00Z`));
}

const videoSaid = {
  PROCESSING: "The video is still being processed: it plays here once it is ready.",
  ERROR: "This video could not be processed, so it can't be played.",
} as const;

/** The card's picture, or its video (its poster until it is processed). */
export function EcardPicture({ design }: { design: EcardView["design"] }) {
  if (design.video?.processing === "COMPLETE") {
    return (
      <video controls preload="metadata" poster={design.src} className="aspect-video h-auto w-full bg-slate-900">
        <source src={design.video.src} type={design.video.contentType} />
      </video>
    );
  }
  return (
    <div className="relative">
      <img src={design.src} alt={design.alt} width={ECARD_WIDTH} height={ECARD_HEIGHT} className="aspect-video h-auto w-full" />
      {design.video ? (
        <p role="status" className="absolute inset-x-0 bottom-0 bg-slate-900/80 px-4 py-2 text-sm text-white">
          {design.video.processing === "ERROR" ? videoSaid.ERROR : videoSaid.PROCESSING}
        </p>
      ) : null}
    </div>
  );
}

/** The card as designed: its picture, its message, who sent it to whom (with the points the viewer may see), and when. */
export function EcardFace({ card }: { card: EcardView }) {
  return (
    <article aria-labelledby="ecard-from" className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <EcardPicture design={card.design} />
      <div className="flex flex-col gap-3 p-4">
        <p className="whitespace-pre-line text-lg">{card.message}</p>
        <div className="flex items-center gap-3">
          <Avatar id={card.sender.id} firstName={card.sender.firstName} lastName={card.sender.lastName} src={card.sender.avatarUrl} className="size-10" />
          <p id="ecard-from">
            From{" "}
            <Link to={`/profile/${card.sender.id}`} className="font-semibold text-brand underline">
              {card.sender.displayName}
            </Link>
            <span className="block text-sm text-slate-600">
              {card.status === "SENT" && card.sentAt ? (
                <LocalDate iso={card.sentAt} />
              ) : card.status === "SCHEDULED" ? (
                `Scheduled for ${dayWords(card.sendOn)}, 9:00`
              ) : (
                "Cancelled"
              )}
            </span>
          </p>
        </div>
        <div>
          <h2 className="text-sm font-medium">To</h2>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {card.recipients.map((recipient) => (
              <li key={recipient.person.id}>
                {recipient.person.displayName}
                {recipient.points ? <span className="font-semibold text-emerald-800"> · {formatPoints(recipient.points)} points</span> : null}
                {recipient.skipped ? <span className="text-slate-600"> (not sent: left the program)</span> : null}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </article>
  );
}
