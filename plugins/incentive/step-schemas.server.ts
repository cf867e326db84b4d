import { z } from "zod";
import { calendarDay } from "~/modules/forms/fields";
import { colorIds, DESCRIPTION_MAX, iconIds, INSTRUCTIONS_MAX, NO_LIMIT, OPTION_TEXT_MAX, POINTS_MAX, REWARD_DESCRIPTION_MAX, submissionTypeIds, TITLE_MAX, typesWithText } from "./rules";
import type { SubmissionOption } from "./schema";
import { asksNumber } from "./steps";

export const stepMessages = {
  noIcon: "Choose an icon.",
  noColor: "Choose a color.",
  noTitle: "Give the incentive a title.",
  titleTooLong: `A title has at most ${TITLE_MAX} characters.`,
  noDescription: "Describe the incentive.",
  descriptionTooLong: `A description has at most ${DESCRIPTION_MAX.toLocaleString("en-US")} characters.`,
  noStart: "Choose the first day it takes submissions.",
  noEnd: "Choose the last day it takes submissions.",
  endBeforeStart: "The last day can't be before the first.",
  endPast: "The last day can't be before today.",
  noRewardType: "Choose a reward type.",
  noPointType: "Choose how the points are given.",
  badPoints: "Points must be a whole number above 0.",
  tooManyPoints: `At most ${POINTS_MAX.toLocaleString("en-US")} points.`,
  badQuantity: "The per-value must be a whole number above 0.",
  noRewardDescription: "Describe the reward.",
  rewardDescriptionTooLong: `A reward's description has at most ${REWARD_DESCRIPTION_MAX} characters.`,
  noParticipation: "Choose a participation option.",
  badLimit: "The limit is a whole number from 1 to 999.",
  noInstructions: "Write the submission instructions.",
  instructionsTooLong: `Instructions have at most ${INSTRUCTIONS_MAX.toLocaleString("en-US")} characters.`,
  noOption: "Choose at least one submission option.",
  noOptionText: "Write the question.",
  optionTextTooLong: `A question has at most ${OPTION_TEXT_MAX} characters.`,
  numberNeeded: "Points that vary with a number need the Number option.",
  askNumberFirst: "Points that vary with a number need the Number option: add it to the submission guidelines first.",
  noParticipantType: "Choose who takes part.",
  addParticipantsFirst: "Add the people who take part below first: it stays open to all eligible staff until then.",
} as const;

const whole = (max: number, message: string) => z.string().regex(/^[1-9]\d{0,14}$/, message).transform(Number).pipe(z.number().max(max, message === stepMessages.badPoints ? stepMessages.tooManyPoints : message));

/** Whether a form's first and last days are both days, so that their order can be checked even when other fields fail. */
function bothDays(payload: { value: unknown }) {
  const value = payload.value as { startDate?: unknown; endDate?: unknown };
  return calendarDay("").safeParse(value.startDate).success && calendarDay("").safeParse(value.endDate).success;
}

/** The details step: icon, colour (asked only while the incentive is made), title, description, and its first and last days. */
export function detailsSchema(context: { today: string; colorAsked: boolean }) {
  return z
    .object({
      icon: z.enum(iconIds, { error: stepMessages.noIcon }),
      color: context.colorAsked ? z.enum(colorIds, { error: stepMessages.noColor }) : z.enum(colorIds).optional(),
      title: z.string({ error: stepMessages.noTitle }).trim().min(1, stepMessages.noTitle).max(TITLE_MAX, stepMessages.titleTooLong),
      description: z.string({ error: stepMessages.noDescription }).trim().min(1, stepMessages.noDescription).max(DESCRIPTION_MAX, stepMessages.descriptionTooLong),
      startDate: calendarDay(stepMessages.noStart),
      endDate: calendarDay(stepMessages.noEnd),
    })
    .refine((value) => value.endDate >= value.startDate, { path: ["endDate"], message: stepMessages.endBeforeStart, when: bothDays })
    .refine((value) => value.endDate < value.startDate || value.endDate >= context.today, { path: ["endDate"], message: stepMessages.endPast, when: bothDays });
}

/** The reward step: points (a set amount, or an amount per so many of a number answer) or something else described, and how often one may take part. */
export const rewardSchema = z
  .object({
    rewardType: z.enum(["POINT_AMOUNT", "OTHER"], { error: stepMessages.noRewardType }),
    rewardPointType: z.enum(["SET_POINT", "VARIABLE_POINT"]).optional(),
    pointsAmount: z.string().optional(),
    quantity: z.string().optional(),
    rewardDescription: z.string().trim().max(REWARD_DESCRIPTION_MAX, stepMessages.rewardDescriptionTooLong).default(""),
    participation: z.enum(["UNLIMITED", "LIMIT"], { error: stepMessages.noParticipation }),
    participationLimit: z.string().optional(),
  })
  .transform((value, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const read = (path: "pointsAmount" | "quantity", message: string) => {
      const parsed = whole(POINTS_MAX, message).safeParse(value[path] ?? "");
      if (!parsed.success) issue(path, parsed.error.issues[0]!.message);
      return parsed.success ? parsed.data : null;
    };
    const points = value.rewardType === "POINT_AMOUNT";
    if (points && !value.rewardPointType) issue("rewardPointType", stepMessages.noPointType);
    const pointsAmount = points ? read("pointsAmount", stepMessages.badPoints) : null;
    const quantity = points && value.rewardPointType === "VARIABLE_POINT" ? read("quantity", stepMessages.badQuantity) : null;
    if (!points && value.rewardDescription === "") issue("rewardDescription", stepMessages.noRewardDescription);
    const limited = value.participation === "LIMIT";
    if (limited && !/^[1-9]\d{0,2}$/.test(value.participationLimit ?? "")) issue("participationLimit", stepMessages.badLimit);
    return {
      rewardType: value.rewardType,
      rewardPointType: points ? (value.rewardPointType ?? null) : null,
      pointsAmount,
      quantity,
      rewardDescription: value.rewardDescription,
      participationLimit: limited ? Number(value.participationLimit) : NO_LIMIT,
    };
  });

export type RewardInput = z.output<typeof rewardSchema>;

const optionFields = Object.fromEntries(
  submissionTypeIds.flatMap((type) => [
    [type, z.literal("on").optional()],
    [`${type}_TEXT`, z.string().trim().max(OPTION_TEXT_MAX, stepMessages.optionTextTooLong).default("")],
  ]),
) as Record<string, z.ZodType<string | undefined>>;

/** The submission guidelines step: the instructions, and which of the spec's submission types a submission answers (a short answer and a number with the creator's question). */
export function guidelinesSchema(context: { variablePoints: boolean }) {
  return z
    .object({ submissionInstructions: z.string({ error: stepMessages.noInstructions }).trim().min(1, stepMessages.noInstructions).max(INSTRUCTIONS_MAX, stepMessages.instructionsTooLong), ...optionFields })
    .transform((value, ctx) => {
      const fields = value as Record<string, string | undefined>;
      const options: SubmissionOption[] = submissionTypeIds.map((type) => ({ type, enabled: fields[type] === "on", text: typesWithText.includes(type) ? (fields[`${type}_TEXT`] ?? "") : "" }));
      const enabled = options.filter((option) => option.enabled);
      if (enabled.length === 0) ctx.addIssue({ code: "custom", path: ["options"], message: stepMessages.noOption });
      for (const option of enabled) {
        if (typesWithText.includes(option.type) && option.text === "") ctx.addIssue({ code: "custom", path: [`${option.type}_TEXT`], message: stepMessages.noOptionText });
      }
      if (context.variablePoints && !asksNumber(options)) ctx.addIssue({ code: "custom", path: ["NUMBER"], message: stepMessages.numberNeeded });
      return { submissionInstructions: value.submissionInstructions, submissionOptions: options };
    });
}

