import type { SubmissionType } from "../rules";

export interface AnswerShown {
  type: SubmissionType;
  label: string;
  value: string;
  picture: string | null;
}

/** A submission's answers under their questions: a link opens in its own tab, a picture shows. */
export function AnswerList({ answers }: { answers: AnswerShown[] }) {
  return (
    <dl className="flex flex-col gap-2 text-sm">
      {answers.map((answer) => (
        <div key={answer.type}>
          <dt className="font-medium">{answer.label}</dt>
          <dd className="break-words">
            {answer.type === "LINK" ? (
              <a href={answer.value} target="_blank" rel="noopener noreferrer nofollow">
                {answer.value}
              </a>
            ) : answer.type === "IMAGE" ? (
              answer.picture ? (
                <img src={answer.picture} alt="The picture sent" className="max-h-64 rounded-md" />
              ) : (
                "The picture is no longer kept."
              )
            ) : answer.type === "DATE_TIME" ? (
              answer.value.replace("T", " at ")
            ) : (
              answer.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Who reviewed a submission, and what they said. */
export function ReviewNote({ reviewer, comment }: { reviewer: string | null; comment: string }) {
  if (!reviewer) return null;
  return (
    <p className="text-sm text-slate-700">
      Reviewed by {reviewer}
      {comment ? `: “${comment}”` : "."}
    </p>
  );
}
