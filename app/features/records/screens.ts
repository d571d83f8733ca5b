/** The record screens of the app: which entity each path shows, and what its list and tabs show. */
export interface RecordScreen {
  path: "companies" | "contacts";
  schema: string;
  table: string;
  resource: string;
  /** Field keys shown as list columns after the name. */
  listColumns: string[];
  /** The list also shows each record's linked records of the other side (a contact's companies). */
  listsRelated: boolean;
  /** The other side of its links, shown in a tab. */
  related: {
    tab: "contacts" | "companies";
    screen: "companies" | "contacts";
    table: string;
    /** The link table, and which side of it this entity is. */
    link: { schema: string; table: string; side: 1 | 2 };
  };
  labelKey: string;
}

export const screens: Record<RecordScreen["path"], RecordScreen> = {
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
      link: { schema: "crm", table: "company_has_contact", side: 1 },
    },
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
      link: { schema: "crm", table: "company_has_contact", side: 2 },
    },
    labelKey: "nav.contacts",
  },
};

export function screenFromPath(pathname: string): RecordScreen {
  // Client navigations load data from "/companies.data" and the like.
  const first = pathname
    .replace(/\.data$/, "")
    .split("/")
    .filter(Boolean)[0];
  const screen = screens[first as RecordScreen["path"]];
  if (!screen) throw new Error(`no record screen at ${pathname}`);
  return screen;
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** The record panel's form, by id: buttons elsewhere on the page (a dialog's Close) post it. */
export const RECORD_FORM_ID = "record-form";
