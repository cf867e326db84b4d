import { palette } from "~/components/shell/avatar";
import { cn } from "~/utils/cn";

/** The colour of a group's avatar: the spec's sum of the name's characters, modulo 9. */
export function groupColour(name: string) {
  return palette[[...name].reduce((sum, character) => sum + character.codePointAt(0)!, 0) % 9];
}

/** A group's avatar: its initials (the first letters of its first two words) on its colour. Its own module, so only pages that show groups ship it. */
export function GroupAvatar({ name, className }: { name: string; className?: string }) {
  const letters = name
    .split(/\s+/)
    .filter((word) => /\p{L}|\p{N}/u.test(word.charAt(0)))
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join("");
  return (
    <span aria-hidden className={cn("avatar rounded-md", groupColour(name), className)}>
      {letters}
    </span>
  );
}
