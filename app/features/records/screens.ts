/** A tab of a record's page (spec §2 `/{entity}/{id}/{tab?}`). */
export type DetailTab =
  | "360-overview"
  | "activities"
  | "contacts"
  | "companies"
  | "connections"
  | "inquiries"
  | "todo"
  | "notes"
  | "documents"
  | "preview"
  | "dashboard"
  | "history";

/** Inquiries and to-dos: items linked to a contact and one of its companies, shown in those records' tabs. */
export type WorkItemTab = "inquiries" | "todo";

export const workItemKinds: Record<WorkItemTab, { table: "inquiry" | "todo"; resource: string; path: ScreenPath }> = {
  inquiries: { table: "inquiry", resource: "Inquiry", path: "inquiries" },
  todo: { table: "todo", resource: "Todo", path: "todo" },
};

/** Items that are attached to records of any entity, each shown in a tab of the records they are on. */
export type AttachmentTab = "notes" | "documents";

export const attachmentKinds: Record<AttachmentTab, { schema: string; table: string; resource: string; path: string }> =
  {
    notes: { schema: "notes", table: "note", resource: "Note", path: "notes" },
    documents: { schema: "documents", table: "document", resource: "Document", path: "documents" },
  };

export type BuiltInScreenPath = "companies" | "contacts" | "inquiries" | "todo" | "notes" | "documents";
export type ScreenPath = BuiltInScreenPath | `custom-entity/${string}`;

/** Custom entities' records live in one schema; their screens are under /custom-entity/{key} (spec §2). */
export const CUSTOM_SCHEMA = "custom_schema";
const CUSTOM_PATH = "custom-entity";

/** The record screens of the app: which entity each path shows, and what its list and tabs show. */
export interface RecordScreen {
  path: ScreenPath;
  schema: string;
  table: string;
  resource: string;
  /** Field keys shown as list columns after the name. */
  listColumns: string[];
  /** The list also shows each record's linked records of the other side (a contact's companies). */
  listsRelated: boolean;
  /** The other side of its links, shown in a tab. */
  related?: {
    tab: "contacts" | "companies";
    screen: "companies" | "contacts";
    table: string;
    /** The link table, and which side of it this entity is. */
    link: { schema: string; table: string; side: 1 | 2 };
  };
  /** The record's tabs, in order; the first is its overview. */
  tabs: DetailTab[];
  /** Its records are attached to others (a note, a document): the overview names them. */
  attachable?: AttachmentTab;
  /** A new record is a file uploaded (a document): the add panel is an upload form. */
  upload?: boolean;
  /** The list's order unless the user sorts it ("key,asc|desc"); by its name when absent. */
  defaultSort?: string;
  /** Fields the list filters by: a select of a List's options, a from–to range of a Date. */
  listFilters?: string[];
  /** Its items are linked to contacts and companies (an inquiry, a to-do): the connections tab shows them. */
  workItem?: WorkItemTab;
  /** The plural name's key in the translations; a custom entity's names are its own (`names`). */
  labelKey?: string;
  names?: { en: string; nb: string };
}

/**
 * Notes, inquiries and to-dos are read newest first; a search of them then finds its first matches among the newest
 * rows, however the titles sort (decision 021).
 */
const NEWEST_FIRST = "created_at,desc";

/** What lists of inquiries and to-dos show after the title, on their own screens and on a record's tab. */
export const workItemColumns = ["reference_number", "due_date", "priority_id", "assigned_user_id"];

function workItemScreen(path: WorkItemTab, table: string, resource: string, labelKey: string): RecordScreen {
  return {
    path,
    schema: "crm",
    table,
    resource,
    listColumns: workItemColumns,
    listsRelated: false,
    tabs: ["360-overview", "connections", "notes", "documents", "history"],
    listFilters: ["priority_id", "category_id", "source_id", "assigned_user_id", "group_id", "due_date"],
    defaultSort: NEWEST_FIRST,
    workItem: path,
    labelKey,
  };
}

export const screens: Record<BuiltInScreenPath, RecordScreen> = {
  companies: {
    path: "companies",
    schema: "crm",
    table: "company",
    resource: "Company",
    listColumns: ["organisation_number", "email", "phone", "city"],
    listsRelated: false,
    related: {
      tab: "contacts",
      screen: "contacts",
      table: "contact",
      link: { schema: "custom_schema_relationship", table: "company_has_contact", side: 1 },
    },
    tabs: [
      "360-overview",
      "activities",
      "contacts",
      "inquiries",
      "todo",
      "notes",
      "documents",
      "connections",
      "dashboard",
      "history",
    ],
    labelKey: "nav.companies",
  },
  contacts: {
    path: "contacts",
    schema: "crm",
    table: "contact",
    resource: "Contact",
    listColumns: ["email", "mobile", "title", "city"],
    listsRelated: true,
    related: {
      tab: "companies",
      screen: "companies",
      table: "company",
      link: { schema: "custom_schema_relationship", table: "company_has_contact", side: 2 },
    },
    tabs: [
      "360-overview",
      "activities",
      "companies",
      "inquiries",
      "todo",
      "notes",
      "documents",
      "connections",
      "dashboard",
      "history",
    ],
    labelKey: "nav.contacts",
  },
  inquiries: workItemScreen("inquiries", "inquiry", "Inquiry", "nav.inquiries"),
  todo: workItemScreen("todo", "todo", "Todo", "nav.todo"),
  notes: {
    path: "notes",
    schema: "notes",
    table: "note",
    resource: "Note",
    listColumns: ["text"],
    listsRelated: false,
    defaultSort: NEWEST_FIRST,
    // A note's files are documents attached to it.
    tabs: ["360-overview", "documents", "history"],
    attachable: "notes",
    labelKey: "nav.notes",
  },
  documents: {
    path: "documents",
    schema: "documents",
    table: "document",
    resource: "Document",
    listColumns: ["file_name", "file_size", "description"],
    listsRelated: false,
    tabs: ["360-overview", "preview", "history"],
    attachable: "documents",
    upload: true,
    labelKey: "nav.documents",
  },
};

/**
 * A custom entity's screen: its list, its record's overview, activities, connections, notes, documents and history. `names` come
 * with its description (its plural, in each language).
 */
export function customEntityScreen(key: string, names?: { en: string; nb: string }): RecordScreen {
  return {
    path: `${CUSTOM_PATH}/${key}`,
    schema: CUSTOM_SCHEMA,
    table: key,
    resource: key,
    listColumns: [],
    listsRelated: false,
    tabs: ["360-overview", "activities", "connections", "notes", "documents", "history"],
    names,
  };
}

export function screenFromPath(pathname: string): RecordScreen {
  // Client navigations load data from "/companies.data" and the like.
  const [first, second] = pathname
    .replace(/\.data$/, "")
    .split("/")
    .filter(Boolean);
  if (first === CUSTOM_PATH && second && /^[a-z][a-z0-9_]{0,62}$/.test(second)) return customEntityScreen(second);
  const screen = screens[first as BuiltInScreenPath];
  if (!screen) throw new Error(`no record screen at ${pathname}`);
  return screen;
}

/** Which screen shows records of an entity, if one does. */
export function screenOfEntity(schema: string, table: string): RecordScreen | undefined {
  if (schema === CUSTOM_SCHEMA) return customEntityScreen(table);
  return Object.values(screens).find((screen) => screen.schema === schema && screen.table === table);
}

/** The screen with its entity's names, for one whose names are the entity's own (a custom entity). */
export function named(screen: RecordScreen, info: { pluralEn: string; pluralNb: string }): RecordScreen {
  return screen.labelKey ? screen : { ...screen, names: { en: info.pluralEn, nb: info.pluralNb } };
}

/** A screen's plural name in the page's language, when it is known (a custom entity's is, once described). */
export function screenName(
  screen: RecordScreen,
  t: (key: string) => string,
  language: "en" | "nb",
): string | undefined {
  if (screen.labelKey) return t(screen.labelKey);
  return screen.names?.[language];
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** The record panel's form, by id: buttons elsewhere on the page (a dialog's Close) post it. */
export const RECORD_FORM_ID = "record-form";

/** The upload panel's form, by id. */
export const UPLOAD_FORM_ID = "upload-form";

/**
 * The list's columns after the name: the screen's own, then the custom fields an administrator marked favorite
 * (shown, with a column to read).
 */
export function listColumnKeys(
  screen: RecordScreen,
  fields: {
    key: string;
    customField: boolean;
    favorite: boolean;
    active: boolean;
    type: string;
    settings: { hidden?: boolean };
  }[],
): string[] {
  const favorites = fields
    .filter((f) => f.customField && f.favorite && f.active && !f.settings.hidden && f.type !== "Query")
    .map((f) => f.key);
  return [...new Set([...screen.listColumns, ...favorites])];
}
