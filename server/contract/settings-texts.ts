import { messageCode, messageCodes } from "./message-code.ts";

/**
 * The English texts of the settings' own messages (the specification has none), by their keys (`settings.<area>.
 * <name>`): the rules of custom fields (spec §5), of the field order, of the record overview and of statuses. Apart
 * from the schemas, so that the web app's settings texts use them without loading Zod.
 */
export const settingsMessagesEnglish = {
  rules: {
    key: "Only letters, digits and underscore, starting with a letter",
    keyReserved: "This key is reserved: choose another",
    maxAboveMin: "The maximum must be greater than the minimum",
    fromBeforeTo: "From must not exceed To",
    hiddenRequired: "A required field cannot be hidden without a default",
    querySelect: "The query must start with select and contain this.id",
    queryRequired: "A Query field cannot be required",
    optionsRequired: "Add at least one option",
    optionTaken: "Options must differ",
    notForType: "Not for this type of field",
    standardField: "Standard fields cannot be deactivated or edited.",
    columnLimit: "The entity has used all {{limit}} columns.",
    fieldLimit: "This entity already has {{limit}} custom fields, the most an entity can have.",
  },
  fieldManagement: {
    orderChanged:
      "The entity's fields changed while the page was open. The page now shows them as they are; try the move again.",
  },
  overviewBlocks: {
    listedOnce: "Each of the entity's overview blocks must be listed exactly once.",
    fieldsFirst: "The fields block stays first and cannot be hidden.",
  },
  metaStatus: {
    invalidColour: "Must be a colour such as #1A7F37",
    defaultMustBeActive: "The default must be active",
  },
  relationships: {
    standard: "Built-in relationships cannot be changed or deleted.",
  },
} as const;

const rules = messageCodes("settings.rules", settingsMessagesEnglish.rules);

/** The codes of the rules of custom fields. */
export const fieldRuleTexts = {
  key: rules.key,
  keyReserved: rules.keyReserved,
  maxAboveMin: rules.maxAboveMin,
  fromBeforeTo: rules.fromBeforeTo,
  hiddenRequired: rules.hiddenRequired,
  querySelect: rules.querySelect,
  queryRequired: rules.queryRequired,
  optionsRequired: rules.optionsRequired,
  optionTaken: rules.optionTaken,
  notForType: rules.notForType,
} as const;

export const STANDARD_FIELD = rules.standardField;
export const columnLimitMessage = (limit: number) => messageCode(rules.columnLimit, { limit });
export const fieldLimitMessage = (limit: number) => messageCode(rules.fieldLimit, { limit });

/** An order that does not name each field of the entity once: one was added or deleted meanwhile. */
export const ORDER_CHANGED = "settings.fieldManagement.orderChanged";

export const overviewBlockTexts = messageCodes("settings.overviewBlocks", settingsMessagesEnglish.overviewBlocks);

export const INVALID_COLOUR = "settings.metaStatus.invalidColour";
export const DEFAULT_MUST_BE_ACTIVE = "settings.metaStatus.defaultMustBeActive";
export const STANDARD_RELATIONSHIP = "settings.relationships.standard";

/** The English texts of what the API does not find, by their keys (`notFound.<name>`). */
export const notFoundEnglish = {
  status: "Status not found",
  noneOfKind: "The entity has no {{kind}}",
  user: "User not found",
  group: "Group not found",
  relationship: "Relationship not found",
  entity: "Entity not found",
  record: "Record not found",
  connection: "Connection not found",
} as const;

export const notFoundTexts = messageCodes("notFound", notFoundEnglish);

/** The product's own text in English for an order that does not name each field once, by its key (`entityOrder.<name>`). */
export const entityOrderEnglish = {
  everyFieldOnce: "Name every field of the entity exactly once: {{details}}",
} as const;

/** The code of an order that does not name each field once, with what is missing, unknown or named twice. */
export const everyFieldOnceMessage = (details: string) => messageCode("entityOrder.everyFieldOnce", { details });
