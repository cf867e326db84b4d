import { CountedTextArea, Field, SelectField } from "~/components/forms";
import type { BoardDraft } from "../draft";
import { MESSAGE_MAX, TITLE_MAX } from "../rules";

/** The board's own fields, on the new board's form and the edit form alike, each with its errors beside it. */
export function BoardFields({ draft, errors, categories, today, latest }: { draft: BoardDraft; errors: Record<string, string[]>; categories: { value: string; label: string }[]; today: string; latest: string }) {
  return (
    <>
      <SelectField label="Category" props={{ id: "board-category", name: "category", defaultValue: draft.category }} placeholder="Choose a category" options={categories} errors={errors.category} />
      <Field label="Title" inputProps={{ id: "board-title", name: "title", defaultValue: draft.title, maxLength: TITLE_MAX * 2, placeholder: "Happy birthday, Sam!" }} errors={errors.title} />
      <CountedTextArea label="A few words at the top of the board (optional)" id="board-message" name="message" max={MESSAGE_MAX} rows={3} defaultValue={draft.message} errors={errors.message} />
      <Field label="Last day to write on it" inputProps={{ id: "board-closes-on", name: "closesOn", type: "date", min: today, max: latest, defaultValue: draft.closesOn }} errors={errors.closesOn} />
    </>
  );
}
