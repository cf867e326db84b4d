import { spriteIcons } from "../sprite-icon";
import type { ICON_NAMES } from "./names";
import sprite from "./sprite.svg";

/** One of the core's icons by name, e.g. `<Icon name="bell" className="size-5" />`; plugins may use them too. */
export const Icon = spriteIcons<(typeof ICON_NAMES)[number]>(sprite);
