/**
 * Joins class names. Nothing merges conflicting utilities: a primitive's looks are component
 * classes in `app/tailwind.css` (`.btn`, `.card`, `.input`…), in the components layer, so a
 * caller's utilities win over them by the cascade alone (decision 089).
 */
export { clsx as cn } from "clsx";
