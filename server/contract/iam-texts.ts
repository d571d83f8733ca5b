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
export const iamTexts: Readonly<Record<IamException, string>> = texts;
