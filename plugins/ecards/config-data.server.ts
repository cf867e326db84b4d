import { z } from "zod";
import { defineConfigData } from "~/modules/plugins/manifest";
import { designs } from "./designs";

const libraryIds = designs.map((design) => design.id) as [string, ...string[]];

/**
 * The eCard configuration held in the database that travels with the tenant's export
 * (`data.ecards`) and is applied from its file: the library designs the program hides. The
 * program's own designs are pictures (files), which the export does not carry.
 */
export const ecardsConfigData = defineConfigData({
  schema: z.strictObject({ hiddenLibraryDesigns: z.array(z.enum(libraryIds)).max(libraryIds.length) }),
  read: async (db) => ({
    hiddenLibraryDesigns: (await db.selectFrom("ecard_library_hidden").select("design_id").orderBy("design_id").execute()).map((row) => row.design_id),
  }),
  replace: async (db, data) => {
    await db.deleteFrom("ecard_library_hidden").execute();
    const hidden = [...new Set(data.hiddenLibraryDesigns)];
    if (hidden.length > 0) await db.insertInto("ecard_library_hidden", hidden.map((design_id) => ({ design_id }))).execute();
  },
});
