import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { CountedTextArea } from "~/components/forms";
import { UploadField } from "~/components/upload-field";
import { Button } from "~/components/ui/button";
import { Card, CardTitle } from "~/components/ui/card";
import { uploadKinds } from "~/modules/storage/upload-kinds";
import { calendarDayText } from "~/modules/time/calendar-days";
import type { BoardRole, BoardView } from "../read.server";
import { CONTRIBUTION_MAX } from "../rules";
import { BOARDS, BoardBanner, BoardPerson, BoardStatusBadge, ContributionList } from "./board-parts";

export interface BoardPageData {
  board: Omit<BoardView, "publicToken">;
  role: BoardRole;
  today: string;
  viewerId: number;
  shareOnFeed: boolean;
  /** The program lets people add a picture to their message. */
  pictures: boolean;
  /** A plain form came back: its picture was over the limit. */
  pictureTooLarge: boolean;
  /** Shown to those who may share it (a delivered board's creator, program managers, its recipient). */
  publicUrl: string | null;
}

/** A one-button form posting `intent` (and a field more, with `extra`) to the board's page. */
function Intent({ value, children, variant = "outline", extra }: { value: string; children: React.ReactNode; variant?: "outline" | "ghost" | "default"; extra?: [string, string | number] }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={value} />
      {extra ? <input type="hidden" name={extra[0]} value={extra[1]} /> : null}
      <Button type="submit" size="sm" variant={variant}>
        {children}
      </Button>
    </Form>
  );
}

/** What the message form says is wrong, beside each field. */
export interface ContributionErrors {
  message?: string[];
  picture?: string[];
}

/**
 * The viewer's own message, written or rewritten while the board is open, with a picture of
 * theirs if the program allows (framed to the board's 5:4 with JavaScript, else cropped at its
 * centre); a multipart post, so the picture goes with the words.
 */
function ContributionForm({ data, errors, typed }: { data: BoardPageData; errors?: ContributionErrors; typed?: string }) {
  const { board, viewerId } = data;
  const sending = useNavigation().formMethod === "POST";
  const [clientError, setClientError] = useState<string | undefined>();
  const own = board.contributions.find((contribution) => contribution.author.id === viewerId);
  const pictureErrors = clientError ? [clientError] : (errors?.picture ?? (data.pictureTooLarge ? [uploadKinds.image.tooLarge] : undefined));
  return (
    <Card className="flex flex-col gap-3 p-4" aria-labelledby="your-message">
      <CardTitle id="your-message">{own ? "Your message" : `Write to ${board.recipient.firstName}`}</CardTitle>
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3">
        <CountedTextArea label="Message" id="contribution-message" name="message" max={CONTRIBUTION_MAX} rows={4} defaultValue={typed ?? own?.message ?? ""} errors={errors?.message} />
        {data.pictures ? (
          <UploadField
            id="contribution-picture"
            name="picture"
            kind="image"
            label={own?.picture ? "Another picture (optional)" : "Picture (optional)"}
            help="JPEG, PNG, WebP or GIF, up to 10 MB, in the board's shape (5:4): frame it once chosen, or it is cropped at its centre."
            errors={pictureErrors}
            onError={setClientError}
            crop={{ aspect: 5 / 4, frameLabel: "Drag the picture to frame it" }}
          />
        ) : null}
        {own?.picture ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="removePicture" value="on" /> Remove my picture
          </label>
        ) : null}
        <Button type="submit" className="self-end" disabled={sending || Boolean(clientError)}>
          {own ? "Save your message" : "Post your message"}
        </Button>
      </Form>
    </Card>
  );
}

/** What its creator (or a program manager) does with an open board: invite, remove, edit, deliver, delete. */
function ManagePanel({ board, shareOnFeed }: { board: BoardPageData["board"]; shareOnFeed: boolean }) {
  return (
    <Card className="flex flex-col gap-4 p-4" aria-labelledby="manage-board">
      <CardTitle id="manage-board">Manage this board</CardTitle>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to="invite">Invite people</Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to="edit">Edit board</Link>
        </Button>
      </div>
      <section aria-labelledby="invited" className="flex flex-col gap-2">
        <h3 id="invited" className="font-medium">
          Invited ({board.contributors.length})
        </h3>
        {board.contributors.length === 0 ? <p className="text-sm text-slate-700">Nobody yet: invite the people who should write on it.</p> : null}
        <ul className="flex flex-col gap-2">
          {board.contributors.map((person) => (
            <li key={person.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="flex items-center gap-2">
                <BoardPerson person={person} />
                <span className="text-sm text-slate-700">{person.contributed ? "wrote" : "not yet"}</span>
              </span>
              <Intent value="uninvite" extra={["employeeId", person.id]} variant="ghost">
                Remove<span className="sr-only"> {person.displayName}</span>
              </Intent>
            </li>
          ))}
        </ul>
      </section>
      <Form method="post" className="flex flex-col gap-2 border-t border-slate-200 pt-4">
        <input type="hidden" name="intent" value="approve" />
        <p className="text-sm text-slate-700">Delivering the board sends it to {board.recipient.displayName}; nobody can write on it or change it after.</p>
        {shareOnFeed ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="share" value="on" defaultChecked /> Share on the Moments feed
          </label>
        ) : null}
        <Button type="submit" className="self-start">
          Deliver to {board.recipient.firstName}
        </Button>
      </Form>
      <details className="border-t border-slate-200 pt-4">
        <summary className="cursor-pointer text-sm">Delete this board</summary>
        <div className="mt-2 flex flex-col gap-2">
          <p className="text-sm text-slate-700">Its messages are deleted with it.</p>
          <Intent value="delete" variant="outline">
            Delete board
          </Intent>
        </div>
      </details>
    </Card>
  );
}

/** A board as its creator, the people invited, its recipient and (once shared) the program see it. */
export function BoardPage({ data, errors, typed }: { data: BoardPageData; errors?: ContributionErrors; typed?: string }) {
  const { board, role, today, viewerId } = data;
  const open = board.status === "OPEN";
  const mayDelete = (contribution: { author: { id: number } }) => open && (role.manages || contribution.author.id === viewerId);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <p>
        <Link to={BOARDS} className="text-sm underline">
          All celebration boards
        </Link>
      </p>
      <BoardBanner category={board.category} categoryText={board.categoryText} title={board.title} recipient={board.recipient} />
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <BoardStatusBadge status={board.status} closesOn={board.closesOn} today={today} />
        <span className="flex items-center gap-2">
          Made by <BoardPerson person={board.creator} />
        </span>
        {board.approvedAt ? <span>Delivered on {calendarDayText(board.approvedAt.slice(0, 10))}</span> : null}
      </div>
      {board.message ? <p className="whitespace-pre-line break-words">{board.message}</p> : null}
      {role.contributes ? <ContributionForm data={data} errors={errors} typed={typed} /> : null}
      {open && !role.contributes && role.invited ? <p className="text-slate-700">This board no longer takes messages.</p> : null}
      <section aria-labelledby="messages" className="flex flex-col gap-3">
        <h2 id="messages" className="text-lg font-semibold">
          Messages ({board.contributions.length})
        </h2>
        <ContributionList
          contributions={board.contributions}
          actions={(contribution) =>
            mayDelete(contribution) ? (
              <Intent value="delete-contribution" extra={["contributionId", contribution.id]} variant="ghost">
                Delete<span className="sr-only"> the message of {contribution.author.displayName}</span>
              </Intent>
            ) : null
          }
        />
      </section>
      {open && role.manages ? <ManagePanel board={board} shareOnFeed={data.shareOnFeed} /> : null}
      {data.publicUrl ? (
        <Card className="flex flex-col gap-2 p-4" aria-labelledby="public-link">
          <CardTitle id="public-link">Public link</CardTitle>
          <p className="text-sm text-slate-700">Anyone with this link sees the board, without signing in.</p>
          <a href={data.publicUrl} className="break-all underline">
            {data.publicUrl}
          </a>
        </Card>
      ) : null}
    </div>
  );
}
