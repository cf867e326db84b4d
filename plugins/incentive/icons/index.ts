import { spriteIcons } from "~/components/ui/sprite-icon";
import type { ICON_NAMES } from "./names";
import sprite from "./sprite.svg";

export const Icon = spriteIcons<(typeof ICON_NAMES)[number]>(sprite);
