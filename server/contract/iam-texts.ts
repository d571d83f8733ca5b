import { messageCodes } from "./message-code.ts";

/**
 * The refusals of user, group and role administration. "Role in use" is the specification's (§6, §8); the others are
 * the product's own, as the catalogue has no text for them. The web app shows each in the page's language. Apart from
 * the schemas, so that the web app's texts can use them without loading Zod.
 */
const texts = {
  RoleInUseException: "Role in use",
  RoleAlreadyExistingException: "Role name already exist",
  GroupAlreadyExistingException: "Group name already exist",
  BuiltInRoleException: "Built-in roles cannot be renamed or deleted.",
  AdministratorRoleException:
    "The administrator role keeps Read and Update on the system settings and every operation on users.",
  LastAdministratorException: "The last active administrator cannot be deactivated or lose the administrator role.",
  SelfDeactivationException: "You cannot deactivate yourself.",
  EmployeeUserDeactivatedException: "This user is deactivated. Reactivate them instead of inviting them again.",
};
export type IamException = keyof typeof texts;
export const iamEnglish: Readonly<Record<IamException, string>> = texts;
/** The refusals' codes (`apiErrors.<exception name>`). */
export const iamTexts = messageCodes("apiErrors", iamEnglish);

/**
 * The built-in roles' names in both languages. A workspace stores and finds each by its English name (they cannot be
 * renamed, server/users/roles.ts); everywhere a role is named, a built-in one shows in the viewer's language. Custom
 * roles keep the name their author gave, which may not be one of these in either language.
 */
export const builtInRoleNames: Readonly<Record<string, { en: string; nb: string }>> = {
  "Company administrator": { en: "Company administrator", nb: "Firmaadministrator" },
  Employee: { en: "Employee", nb: "Ansatt" },
  "Read-only": { en: "Read-only", nb: "Lesetilgang" },
};

/** A role's name as a reader of `language` sees it: a built-in role's in that language, any other as it is. */
export function roleNameIn(name: string, language: "en" | "nb"): string {
  return Object.hasOwn(builtInRoleNames, name) ? builtInRoleNames[name][language] : name;
}

/** Whether a name is a built-in role's in either language (ignoring case): no custom role may take it. */
export function isBuiltInRoleName(name: string): boolean {
  const folded = name.trim().toLowerCase();
  return Object.values(builtInRoleNames).some(
    (names) => names.en.toLowerCase() === folded || names.nb.toLowerCase() === folded,
  );
}
