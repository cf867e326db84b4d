/** Where an asset is served: its id is the key, its name what a download is saved as. */
export function assetSource(id: string, name: string) {
  return `/assets/${id}/${encodeURIComponent(name)}`;
}

/** The name every avatar is stored under, so a person's avatar URL follows from its id. */
export const AVATAR_NAME = "avatar.jpg";
