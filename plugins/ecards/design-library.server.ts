import fs from "node:fs/promises";
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import type { ProgramDb } from "~/modules/db/program-db.server";
import type { KeptAccess } from "~/modules/db/versioned-cache.server";
import { assetSource } from "~/modules/storage/asset-source";
import { storeUpload } from "~/modules/storage/assets.server";
import { withStreamedUpload } from "~/modules/storage/streamed-upload.server";
import { chosenCrop } from "~/modules/storage/crop-fields.server";
import { BAD_CROP } from "~/modules/storage/images.server";
import { EMPTY_FILE, uploadKinds } from "~/modules/storage/upload-kinds";
import { designById, designCategories, designs, designSource, videoPoster, type DesignCategory } from "./designs";
import { UPLOADED_DESIGN } from "./draft";
import { keptForEcards } from "./ecards-cache.server";
import { DESIGN_FIELD } from "./rules";
import { findAsset } from "~/modules/storage/assets.server";
import type { EcardsOptions } from "./options";

/** A design as a composer offers it and a card shows it: the library's ("thanks-stars") or the program's own ("p12"). */
export interface DesignOption {
  id: string;
  category: DesignCategory;
  title: string;
  src: string;
}

const OWN = /^p(\d{1,10})$/;
const ownId = (id: number) => `p${id}`;

function ownDesigns(db: ProgramDb) {
  return db
    .selectFrom("ecard_design")
    .innerJoin("asset", "asset.id", "ecard_design.asset_id")
    .select(["ecard_design.id", "ecard_design.category", "ecard_design.title", "ecard_design.enabled", "asset.id as asset_id", "asset.name"])
    .orderBy("ecard_design.id");
}

function ownOption(row: { id: number; category: string; title: string; asset_id: string; name: string }): DesignOption {
  return { id: ownId(row.id), category: row.category as DesignCategory, title: row.title, src: assetSource(row.asset_id, row.name) };
}

/** The designs a sender may choose: the library's (when the program keeps it on), less those it hides, then the program's own that are on (kept, decision 108). */
export function offeredDesigns(access: KeptAccess, options: EcardsOptions): Promise<DesignOption[]> {
  return keptForEcards(access, JSON.stringify(["offered", options.libraryEnabled]), () => readOfferedDesigns(access.db, options));
}

async function readOfferedDesigns(db: ProgramDb, options: EcardsOptions): Promise<DesignOption[]> {
  const [hidden, own] = await Promise.all([
    options.libraryEnabled ? db.selectFrom("ecard_library_hidden").select("design_id").execute() : Promise.resolve([]),
    ownDesigns(db).where("ecard_design.enabled", "=", true).execute(),
  ]);
  const off = new Set(hidden.map((row) => row.design_id));
  const library = options.libraryEnabled ? designs.filter((design) => !off.has(design.id)).map(({ id, category, title }) => ({ id, category, title, src: designSource(id) })) : [];
  return [...library, ...own.map(ownOption)];
}

/** A picture or video a sender uploaded as a card's design ("upload:<asset id>", "video:<asset id>"), when it is theirs; null otherwise. */
export async function uploadedMedia(db: ProgramDb, design: string, senderId: number) {
  const match = UPLOADED_DESIGN.exec(design);
  const found = match ? await findAsset(db, match[2]!) : null;
  const kind: "image" | "video" = match?.[1] === "video" ? "video" : "image";
  if (!found || found.asset.kind !== kind || found.uploadedBy !== senderId) return null;
  return { id: design, kind, src: kind === "video" ? designSource(videoPoster.id) : found.asset.source };
}

export const UPLOADED_ALT = "A picture chosen by the sender";

/** How a card shows its design: a picture (for a video card, its poster) and what it shows, and the video with its processing. */
export interface ShownDesign {
  src: string;
  alt: string;
  video?: { src: string; contentType: string; processing: "PROCESSING" | "COMPLETE" | "ERROR" };
}

/** How cards show their designs, by id: every design they may name, whether or not it is still offered. */
export async function shownDesigns(db: ProgramDb, ids: readonly string[]) {
  const own = [...new Set(ids.flatMap((id) => (OWN.test(id) ? [Number(OWN.exec(id)![1])] : [])))];
  const rows = own.length > 0 ? await ownDesigns(db).where("ecard_design.id", "in", own).execute() : [];
  const shown = new Map<string, ShownDesign>(rows.map((row) => [ownId(row.id), { src: ownOption(row).src, alt: row.title }]));
  // Senders' own pictures and videos: their program's assets, read together.
  const uploaded = [...new Set(ids.filter((each) => UPLOADED_DESIGN.test(each)))];
  const assets = uploaded.length > 0 ? await db.selectFrom("asset").select(["id", "name", "content_type", "processing"]).where("id", "in", uploaded.map((id) => UPLOADED_DESIGN.exec(id)![2]!)).execute() : [];
  for (const id of uploaded) {
    const [, kind, assetId] = UPLOADED_DESIGN.exec(id)!;
    const asset = assets.find((each) => each.id === assetId);
    if (!asset) continue;
    const source = assetSource(asset.id, asset.name);
    shown.set(
      id,
      kind === "video"
        ? { src: designSource(videoPoster.id), alt: videoPoster.title, video: { src: source, contentType: asset.content_type, processing: asset.processing ?? "COMPLETE" } }
        : { src: source, alt: UPLOADED_ALT },
    );
  }
  for (const id of ids) if (!shown.has(id)) shown.set(id, { src: designSource(designById(id) ? id : "thanks-stars"), alt: designById(id)?.title ?? "eCard design" });
  return shown;
}

/** The designs page: the library's, each offered or hidden, and the program's own, each on or off. */
export async function designLibrary(db: ProgramDb) {
  const [hidden, own] = await Promise.all([db.selectFrom("ecard_library_hidden").select("design_id").execute(), ownDesigns(db).execute()]);
  const off = new Set(hidden.map((row) => row.design_id));
  return {
    library: designs.map(({ id, category, title }) => ({ id, category, title, src: designSource(id), shown: !off.has(id) })),
    own: own.map((row) => ({ ...ownOption(row), enabled: row.enabled })),
  };
}

export const designMessages = {
  noFile: "Choose a picture for the design.",
  noTitle: "Describe the design: what it shows, for people who can't see it.",
  noCategory: "Choose a category.",
} as const;

const designFields = z.object({
  title: z.string({ error: designMessages.noTitle }).trim().min(1, designMessages.noTitle).max(120, "A description has at most 120 characters."),
  category: z.enum(designCategories, { error: designMessages.noCategory }),
});

export type DesignUpload = { ok: true } | { ok: false; errors: Record<string, string[]>; typed: { title: string; category: string } };

/**
 * Adds one of the program's own designs from the designs page's multipart form: its picture
 * checked by its content and cropped to the eCard canvas (16:9, 700x394) where the cropper says
 * (at its centre without JavaScript), its
 * description and category checked; nothing is stored unless all are right.
 */
export async function uploadDesign(args: ActionFunctionArgs, employeeId: number): Promise<DesignUpload> {
  const { app, db } = args.context;
  return withStreamedUpload(args.request, { dataDir: app.env.DATA_DIR, field: DESIGN_FIELD, kind: "image" }, async (upload) => {
    const form = upload.ok ? upload.form : new FormData();
    const typed = { title: String(form.get("title") ?? "").slice(0, 500), category: String(form.get("category") ?? "").slice(0, 60) };
    const errors: Record<string, string[]> = {};
    const fields = designFields.safeParse(typed);
    if (!fields.success) for (const issue of fields.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
    if (!upload.ok) errors[DESIGN_FIELD] = [uploadKinds.image.tooLarge];
    else if (!upload.file) errors[DESIGN_FIELD] = [designMessages.noFile];
    else if (upload.file.size === 0) errors[DESIGN_FIELD] = [EMPTY_FILE];
    const chosen = chosenCrop(form);
    if (!chosen.ok) errors[DESIGN_FIELD] = [...(errors[DESIGN_FIELD] ?? []), BAD_CROP];
    if (Object.keys(errors).length > 0 || !fields.success || !upload.ok || !upload.file || !chosen.ok) return { ok: false, errors, typed };
    const bytes = await fs.readFile(upload.file.path);
    const stored = await storeUpload(app.storage, db, { bytes, fileName: upload.file.name, kind: "image", purpose: "ecard", employeeId, crop: chosen.crop });
    if (!stored.ok) return { ok: false, errors: { [DESIGN_FIELD]: [stored.message] }, typed };
    await db.insertInto("ecard_design", { category: fields.data.category, title: fields.data.title, asset_id: stored.asset.id, created_by: employeeId }).execute();
    return { ok: true };
  });
}

/** Turns one of the program's own designs on or off (cards already sent keep showing it). */
export async function setOwnDesignEnabled(db: ProgramDb, id: string, enabled: boolean) {
  const match = OWN.exec(id);
  if (!match) return false;
  const updated = await db.updateTable("ecard_design").set({ enabled }).where("id", "=", Number(match[1])).returning("id").executeTakeFirst();
  return updated !== undefined;
}

/** Offers a library design in this program again, or hides it. */
export async function setLibraryDesignShown(db: ProgramDb, id: string, shown: boolean) {
  if (!designById(id)) return false;
  if (shown) await db.deleteFrom("ecard_library_hidden").where("design_id", "=", id).execute();
  else await db.insertInto("ecard_library_hidden", { design_id: id }).onConflict((c) => c.columns(["program_id", "design_id"]).doNothing()).execute();
  return true;
}
