export const TITLE_MAX = 100;
export const MESSAGE_MAX = 1_000;
export const CONTRIBUTION_MAX = 1_000;
/** How many people one invitation adds at most (a group or a shortcut counts each of its people). */
export const INVITE_MAX = 200;

/** The days a new board stays open by default (within the program's most). */
export const DEFAULT_DAYS_OPEN = 7;

export const PLUGIN_ID = "celebration-boards";
