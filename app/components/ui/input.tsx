import { forwardRef, type InputHTMLAttributes } from "react";
import { cn } from "~/utils/cn";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(({ className, ...props }, ref) => (
  <input
    ref={ref}
    className={cn(
      "h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand aria-[invalid]:border-red-600 disabled:opacity-50",
      className,
    )}
    {...props}
  />
));
Input.displayName = "Input";
