import type { LoaderFunctionArgs } from "@remix-run/node";
import { refuseToFeed, requireViewer, NOT_ALLOWED } from "~/modules/auth/guards.server";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { Registry } from "~/modules/plugins/registry";
import { isProgramManager, type Viewer } from "~/modules/auth/viewer";
import type { AppServices } from "~/modules/services.server";
import { pluginOptions } from "~/modules/plugins/plugin-options";
import { momentsOptions } from "./options";

/**
 * The viewer's feed settings: the tenant's feed config and what this viewer
 * may do with the feed; `siteHost` is the host they are on (a link there does
 * not leave the site).
 */
export function feedAccess({ viewer, db, registry, request, app }: { viewer: Viewer; db: ProgramDb; registry: Registry; request: Request; app: Pick<AppServices, "gifs"> }) {
  const options = pluginOptions(momentsOptions, viewer.tenant.features.moments);
  const { permissions } = viewer.employee;
  return {
    viewer,
    db,
    registry,
    siteHost: new URL(request.url).hostname,
    /** GIPHY, when the app has a key for it. */
    gifs: app.gifs,
    options,
    canView: permissions.canViewFeed === true,
    canPost: permissions.canViewFeed === true && permissions.canPostFeed === true && options.postTypes.userGenerated.postsEnabled,
    canRespond: permissions.canViewFeed === true && permissions.canRespondFeed === true,
    /** The spec's social moderator: moderation is on and the person is one. */
    canModerate: options.moderationEnabled && permissions.isSocialModerator === true,
  };
}

export type FeedAccess = ReturnType<typeof feedAccess>;

/** A feed page or action: the spec's guard (canViewFeed), failing to /feed. */
export async function requireFeed(args: LoaderFunctionArgs): Promise<FeedAccess> {
  const viewer = await requireViewer(args);
  const access = feedAccess({ viewer, db: args.context.db, registry: args.context.app.registry, request: args.request, app: args.context.app });
  if (!access.canView) await refuseToFeed(args, NOT_ALLOWED);
  return access;
}

/**
 * The feed's administration (/admin, the spec's socialAdminEnabled), refused to /feed for anyone
 * else: `reported` for moderators while moderation is on, `hashtags` (the banned list) for
 * moderators and program managers, `posts` for the writers of admin posts. With a section, that section's guard.
 */
export async function requireSocialAdmin(args: LoaderFunctionArgs, section?: "reported" | "hashtags" | "posts") {
  const viewer = await requireViewer(args);
  const access = feedAccess({ viewer, db: args.context.db, registry: args.context.app.registry, request: args.request, app: args.context.app });
  const { permissions } = viewer.employee;
  const sections = {
    reported: access.canModerate,
    hashtags: permissions.isSocialModerator === true || isProgramManager(viewer),
    /** Admin posts (the spec's new and posted): socialAdminGenEnabled, the kind's postsEnabled and canCreateAdminSocialPosts. */
    posts: access.options.adminPostsEnabled && access.options.postTypes.adminGenerated.postsEnabled && permissions.canCreateAdminSocialPosts === true,
  };
  if (section ? !sections[section] : !Object.values(sections).some(Boolean)) await refuseToFeed(args, NOT_ALLOWED);
  return { ...access, sections };
}
