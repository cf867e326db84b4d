import { spriteIcons } from "../sprite-icon";
import type { ICON_NAMES } from "./names";
import sprite from "./sprite.svg";

export type IconName = (typeof ICON_NAMES)[number];

/** One of the core's icons by name, e.g. `<Icon name="bell" className="size-5" />`; plugins may use them too. */
export const Icon = spriteIcons<IconName>(sprite);
