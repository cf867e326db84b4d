import { z } from "zod";
import { employeeTypes } from "~/modules/employees/permissions";
import { birthdayProblem } from "./people-admin";

export const EMPLOYEE_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export const employeeCodeField = z
  .string()
  .trim()
  .max(50, "An employee code has at most 50 characters.")
  .regex(EMPLOYEE_CODE_PATTERN, "An employee code has letters, digits, dots, dashes and underscores only.");

/** A person as a program manager edits them on /admin/people/:id. */
export const PersonFormSchema = z
  .object({
    firstName: z.string({ error: "Enter a first name." }).trim().min(1, "Enter a first name.").max(100, "At most 100 characters."),
    lastName: z.string({ error: "Enter a last name." }).trim().min(1, "Enter a last name.").max(100, "At most 100 characters."),
    displayName: z.string({ error: "Enter the name people see." }).trim().min(1, "Enter the name people see.").max(200, "At most 200 characters."),
    email: z.email("Enter an e-mail address, like name@example.com.").max(254, "At most 254 characters.").optional(),
    jobTitle: z.string().trim().max(200, "At most 200 characters.").optional(),
    department: z.string().trim().max(200, "At most 200 characters.").optional(),
    employeeCode: employeeCodeField.optional(),
    employeeType: z.enum(employeeTypes, { error: "Choose a kind of account." }),
    manager: z.string().trim().max(200, "At most 200 characters.").optional(),
    hireDate: z.iso.date("Enter a date, like 2024-03-18.").optional(),
    birthMonth: z.coerce.number().int().min(1, "Choose a month.").max(12, "Choose a month.").optional(),
    birthDay: z.coerce.number().int().min(1, "Choose a day.").max(31, "Choose a day.").optional(),
    groups: z.array(z.coerce.number().int().positive()).max(500).default([]),
    segments: z.array(z.coerce.number().int().positive()).max(500).default([]),
    permissions: z.array(z.string().max(100)).max(200).default([]),
  })
  .superRefine((value, context) => {
    const problem = birthdayProblem(value.birthMonth, value.birthDay);
    if (problem) context.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  });

export type PersonForm = z.output<typeof PersonFormSchema>;
