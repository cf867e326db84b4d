import type { z } from "zod";
import { nestDotted, valueAt } from "~/utils/dotted";

/** One editable plugin option, described for a plain HTML form. */
export type OptionField =
  | { name: string; label: string; help?: string; kind: "boolean"; value: boolean }
  | { name: string; label: string; help?: string; kind: "number"; value: number | null; min?: number; max?: number; integer: boolean }
  | { name: string; label: string; help?: string; kind: "text"; value: string; maxLength?: number }
  | { name: string; label: string; help?: string; kind: "choice"; value: string; choices: string[] };

interface ZodLike {
  def: { type: string; innerType?: ZodLike; entries?: Record<string, string>; shape?: Record<string, ZodLike> };
  minValue?: number | null;
  maxValue?: number | null;
  maxLength?: number | null;
  isInt?: boolean;
  format?: string | null;
}

/** The schema under defaults, optionals and nullables. */
function unwrap(schema: ZodLike): ZodLike {
  return schema.def.innerType && ["default", "prefault", "optional", "nullable"].includes(schema.def.type) ? unwrap(schema.def.innerType) : schema;
}

/** The schema of a dotted option path ("reactions.like.enabled") through nested objects, or null when there is none. */
function schemaAt(options: z.ZodObject, path: string): ZodLike | null {
  let schema: ZodLike | null = options as unknown as ZodLike;
  for (const key of path.split(".")) {
    const object: ZodLike | null = schema ? unwrap(schema) : null;
    schema = object?.def.type === "object" ? (object.def.shape?.[key] ?? null) : null;
  }
  return schema ? unwrap(schema) : null;
}

const editableTypes = new Set(["boolean", "number", "string", "enum"]);

/** Whether a settings field's name is an option (or a dotted path to one) of a type the settings form can edit. */
export function isEditableOption(options: z.ZodObject, path: string) {
  return editableTypes.has(schemaAt(options, path)?.def.type ?? "");
}

/**
 * The fields of a plugin's settings section, typed by its option schema and
 * filled with the tenant's current values. A field names an option, or an
 * option inside nested objects by its dotted path. Options of other types
 * (lists) are left to the tenant file.
 */
export function optionFields(options: z.ZodObject, labels: Record<string, { label: string; help?: string }>, current: Record<string, unknown>): OptionField[] {
  return Object.entries(labels).flatMap(([name, { label, help }]): OptionField[] => {
    const schema = schemaAt(options, name);
    if (!schema) return [];
    const value = valueAt(current, name);
    const base = { name, label, ...(help ? { help } : {}) };
    switch (schema.def.type) {
      case "boolean":
        return [{ ...base, kind: "boolean", value: value === true }];
      case "number":
        return [
          {
            ...base,
            kind: "number",
            value: typeof value === "number" ? value : null,
            ...(schema.minValue != null && Number.isFinite(schema.minValue) ? { min: schema.minValue } : {}),
            ...(schema.maxValue != null && Number.isFinite(schema.maxValue) ? { max: schema.maxValue } : {}),
            integer: schema.isInt === true || schema.format === "safeint",
          },
        ];
      case "string":
        return [{ ...base, kind: "text", value: typeof value === "string" ? value : "", ...(schema.maxLength != null ? { maxLength: schema.maxLength } : {}) }];
      case "enum":
        return [{ ...base, kind: "choice", value: String(value ?? ""), choices: Object.values(schema.def.entries ?? {}) }];
      default:
        return [];
    }
  });
}

/**
 * What a posted settings form says for each field (named `prefix` + option), as
 * the option schema expects it (the schema then validates), nested as the
 * options are.
 */
export function readOptionFields(fields: readonly OptionField[], formData: FormData, prefix: string): Record<string, unknown> {
  return nestDotted(
    Object.fromEntries(
      fields.map((field) => {
        const raw = formData.get(prefix + field.name);
        if (field.kind === "boolean") return [field.name, raw === "on"];
        const text = typeof raw === "string" ? raw.trim() : "";
        if (field.kind === "number") return [field.name, /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text];
        return [field.name, text];
      }),
    ),
  );
}
