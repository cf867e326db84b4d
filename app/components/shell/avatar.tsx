import { cn } from "~/utils/cn";

// The spec: the fallback colour is the employee id modulo 9; initials from first and last name.
export const palette = [
  "bg-sky-700", "bg-emerald-700", "bg-amber-700", "bg-rose-700", "bg-violet-700",
  "bg-teal-700", "bg-orange-700", "bg-indigo-700", "bg-fuchsia-700",
];

export function initials(firstName: string, lastName: string) {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}

export function Avatar({ id, firstName, lastName, src, className }: { id: number; firstName: string; lastName: string; src?: string | null; className?: string }) {
  if (src) return <img src={src} alt="" className={cn("avatar object-cover", className)} />;
  return (
    <span aria-hidden className={cn("avatar", palette[id % 9], className)}>
      {initials(firstName, lastName)}
    </span>
  );
}
