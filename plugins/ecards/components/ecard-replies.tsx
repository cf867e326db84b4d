import { Form } from "@remix-run/react";
import { ErrorList, TextAreaField } from "~/components/forms";
import { LocalDate } from "~/components/local-date";
import { Avatar } from "~/components/shell/avatar";
import { Button } from "~/components/ui/button";
import type { EcardView } from "../read.server";
import { REPLY_MAX_LENGTH } from "../rules";

export interface ReplyResult {
  errors?: Record<string, string[]>;
  /** What was typed, kept when it was refused. */
  text?: string;
  /** The reply being edited, when that failed. */
  reply?: number;
}

/** The reply thread, the viewer's own replies editable and deletable, and the reply form when the rule lets the viewer reply. */
export function EcardReplies({ card, result, editing }: { card: EcardView; result?: ReplyResult; editing: number | null }) {
  return (
    <section aria-labelledby="ecard-replies" className="flex flex-col gap-3">
      <h2 id="ecard-replies" className="text-lg font-semibold">
        Replies
      </h2>
      {card.replies.length === 0 ? <p className="text-sm text-slate-700">No replies yet.</p> : null}
      <ul className="flex flex-col gap-3">
        {card.replies.map((reply) => (
          <li key={reply.id} className="flex gap-3 rounded-md border border-slate-200 bg-white p-3">
            <Avatar id={reply.author.id} firstName={reply.author.firstName} lastName={reply.author.lastName} src={reply.author.avatarUrl} className="size-8" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="text-sm">
                <span className="font-semibold">{reply.author.displayName}</span>{" "}
                <span className="text-slate-600">
                  <LocalDate iso={reply.created} />
                  {reply.edited ? " (edited)" : null}
                </span>
              </p>
              {reply.mine && editing === reply.id ? (
                <Form method="post" className="flex flex-col gap-2">
                  <input type="hidden" name="reply" value={reply.id} />
                  <TextAreaField
                    label="Edit your reply"
                    props={{ id: `reply-${reply.id}`, name: "text", maxLength: REPLY_MAX_LENGTH, defaultValue: result?.reply === reply.id ? result.text : reply.text }}
                    errors={result?.reply === reply.id ? result.errors?.text : undefined}
                  />
                  <div className="flex gap-2">
                    <Button type="submit" name="intent" value="edit-reply" size="sm">
                      Save reply
                    </Button>
                    <Button asChild variant="ghost" size="sm">
                      <a href="?">Cancel</a>
                    </Button>
                  </div>
                </Form>
              ) : (
                <p className="whitespace-pre-line break-words">{reply.text}</p>
              )}
              {reply.mine && editing !== reply.id ? (
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="reply" value={reply.id} />
                  <Button asChild variant="ghost" size="sm">
                    <a href={`?edit=${reply.id}`}>Edit reply</a>
                  </Button>
                  <Button type="submit" name="intent" value="delete-reply" variant="ghost" size="sm">
                    Delete reply
                  </Button>
                </Form>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <ErrorList errors={result?.reply === undefined ? result?.errors?.reply : undefined} />
      {card.canReply ? (
        <Form method="post" className="flex flex-col gap-2">
          <TextAreaField
            label="Your reply"
            props={{ id: "ecard-reply", name: "text", maxLength: REPLY_MAX_LENGTH, defaultValue: result?.reply === undefined ? result?.text : undefined }}
            errors={result?.reply === undefined ? result?.errors?.text : undefined}
          />
          <p className="text-xs text-slate-600">Up to {REPLY_MAX_LENGTH} characters. You can reply once.</p>
          <Button type="submit" name="intent" value="reply" className="self-start">
            Reply
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
