import type { FieldDefinition, FieldType, MetaStatusKind } from "../contract/fields.ts";
import { DOCUMENT_DESCRIPTION_MAX } from "../contract/files.ts";
import type { EntityHeading } from "../contract/names.ts";
import { industryOptions, linkRoleOptions } from "../db/demo-data.ts";

export interface StandardEntity extends EntityHeading {
  /** The permission resource that guards the entity. */
  resource: string;
  /** Its table has the stored, folded search_text column that search reads (migration 0008). */
  searchText: boolean;
  fields: FieldDefinition[];
  statuses: StandardMetaStatus[];
  /** Priorities (in rank order), categories and sources, for entities whose fields choose from them. */
  metaStatuses?: Partial<Record<MetaStatusKind, StandardMetaStatus[]>>;
}

export interface StandardMetaStatus {
  key: string;
  nameEn: string;
  nameNb: string;
  isDefault?: boolean;
  /** A status that ends the work (done, closed): its items are no longer open, nor overdue. */
  closed?: boolean;
  colour?: string;
}

type FieldSpec = Partial<FieldDefinition> & { key: string; labelEn: string; labelNb: string; type: FieldType };

function builtIn(spec: FieldSpec): FieldDefinition {
  return {
    required: false,
    unique: false,
    active: true,
    customField: false,
    partOfName: false,
    searchable: false,
    favorite: false,
    settings: {},
    ...spec,
    builtIn: true,
  };
}

/** The fields inquiries and to-dos share (spec §3 Resource). */
function workItemFields(): FieldDefinition[] {
  const chosen = (
    key: string,
    labelEn: string,
    labelNb: string,
    optionsFrom: FieldDefinition["settings"]["optionsFrom"],
  ) => builtIn({ key, labelEn, labelNb, type: "List", settings: { optionsFrom } });
  return [
    builtIn({
      key: "title",
      labelEn: "Title",
      labelNb: "Tittel",
      type: "Text",
      required: true,
      partOfName: true,
      searchable: true,
      favorite: true,
    }),
    builtIn({
      key: "reference_number",
      labelEn: "Reference number",
      labelNb: "Referansenummer",
      type: "Number",
      settings: { readOnly: true, identifier: true },
    }),
    builtIn({ key: "description", labelEn: "Description", labelNb: "Beskrivelse", type: "LongText", searchable: true }),
    builtIn({
      key: "received_date",
      labelEn: "Received",
      labelNb: "Mottatt",
      type: "Date",
      settings: { defaultToday: true },
    }),
    builtIn({ key: "due_date", labelEn: "Due date", labelNb: "Frist", type: "Date", settings: { due: true } }),
    chosen("priority_id", "Priority", "Prioritet", "priority"),
    chosen("category_id", "Category", "Kategori", "category"),
    chosen("source_id", "Source", "Kilde", "source"),
    chosen("group_id", "Group", "Gruppe", "group"),
    chosen("assigned_user_id", "Assigned to", "Tildelt", "user"),
  ];
}

const priorities: StandardMetaStatus[] = [
  { key: "urgent", nameEn: "Urgent", nameNb: "Haster", colour: "#dc2626" },
  { key: "high", nameEn: "High", nameNb: "Høy", colour: "#ea580c" },
  { key: "normal", nameEn: "Normal", nameNb: "Normal", colour: "#2563eb", isDefault: true },
  { key: "low", nameEn: "Low", nameNb: "Lav", colour: "#64748b" },
];

/**
 * An inquiry or a to-do: a work item in the crm schema with the shared fields, linked to a contact, and one of its
 * companies, through crm.<table>_company_contact (server/work-items/); its priorities are everyone's.
 */
function workItem(
  entity: Omit<StandardEntity, "schemaKey" | "searchText" | "fields" | "metaStatuses"> & {
    category: StandardMetaStatus[];
    source: StandardMetaStatus[];
  },
): StandardEntity {
  const { category, source, statuses, ...names } = entity;
  return {
    schemaKey: "crm",
    ...names,
    searchText: true,
    fields: workItemFields(),
    statuses,
    metaStatuses: { priority: priorities, category, source },
  };
}

const countryField = builtIn({ key: "country", labelEn: "Country", labelNb: "Land", type: "Text" });

/** The entities every workspace has; their rows in core.entity/core.field come from here. */
export const standardEntities: StandardEntity[] = [
  {
    schemaKey: "crm",
    tableKey: "company",
    labelEn: "Company",
    labelNb: "Firma",
    pluralEn: "Companies",
    pluralNb: "Firmaer",
    resource: "Company",
    searchText: true,
    fields: [
      builtIn({
        key: "name",
        labelEn: "Company name",
        labelNb: "Firmanavn",
        type: "Text",
        required: true,
        partOfName: true,
        searchable: true,
        favorite: true,
      }),
      builtIn({
        key: "organisation_number",
        labelEn: "Organisation number",
        labelNb: "Organisasjonsnummer",
        type: "Text",
        unique: true,
        searchable: true,
      }),
      builtIn({ key: "email", labelEn: "Email", labelNb: "E-post", type: "Email", searchable: true }),
      builtIn({ key: "phone", labelEn: "Phone", labelNb: "Telefon", type: "Phone" }),
      builtIn({ key: "website", labelEn: "Website", labelNb: "Nettsted", type: "Url" }),
      builtIn({ key: "address", labelEn: "Address", labelNb: "Adresse", type: "Text" }),
      builtIn({ key: "postal_code", labelEn: "Postal code", labelNb: "Postnummer", type: "Text" }),
      builtIn({ key: "city", labelEn: "City", labelNb: "Sted", type: "Text", searchable: true }),
      countryField,
      builtIn({
        key: "industry",
        labelEn: "Industry",
        labelNb: "Bransje",
        type: "List",
        settings: { options: industryOptions },
      }),
      // A count of people: never below zero.
      builtIn({
        key: "employees",
        labelEn: "Employees",
        labelNb: "Ansatte",
        type: "Number",
        settings: { minValue: 0 },
      }),
      builtIn({
        key: "segments",
        labelEn: "Segments",
        labelNb: "Segmenter",
        type: "MultiSelect",
        settings: {
          options: [
            { value: "enterprise", labelEn: "Enterprise", labelNb: "Storbedrift" },
            { value: "smb", labelEn: "Small business", labelNb: "Små og mellomstore" },
            { value: "public", labelEn: "Public sector", labelNb: "Offentlig sektor" },
            { value: "partner", labelEn: "Partner", labelNb: "Partner" },
          ],
        },
      }),
      // A share of the price, stored as a fraction: from 0 to 100 %.
      builtIn({
        key: "discount",
        labelEn: "Standard discount",
        labelNb: "Standardrabatt",
        type: "Percent",
        settings: { minValue: 0, maxValue: 1 },
      }),
      builtIn({ key: "description", labelEn: "Description", labelNb: "Beskrivelse", type: "LongText" }),
    ],
    statuses: [
      { key: "prospect", nameEn: "Prospect", nameNb: "Prospekt", isDefault: true },
      { key: "customer", nameEn: "Customer", nameNb: "Kunde" },
      { key: "partner", nameEn: "Partner", nameNb: "Partner" },
      { key: "former_customer", nameEn: "Former customer", nameNb: "Tidligere kunde" },
    ],
  },
  {
    schemaKey: "crm",
    tableKey: "contact",
    labelEn: "Contact",
    labelNb: "Kontakt",
    pluralEn: "Contacts",
    pluralNb: "Kontakter",
    resource: "Contact",
    searchText: true,
    fields: [
      builtIn({
        key: "first_name",
        labelEn: "First name",
        labelNb: "Fornavn",
        type: "Text",
        required: true,
        partOfName: true,
        searchable: true,
      }),
      builtIn({
        key: "last_name",
        labelEn: "Last name",
        labelNb: "Etternavn",
        type: "Text",
        required: true,
        partOfName: true,
        searchable: true,
      }),
      builtIn({ key: "email", labelEn: "Email", labelNb: "E-post", type: "Email", searchable: true, favorite: true }),
      builtIn({ key: "mobile", labelEn: "Mobile", labelNb: "Mobil", type: "Phone" }),
      builtIn({ key: "phone", labelEn: "Phone", labelNb: "Telefon", type: "Phone" }),
      builtIn({ key: "title", labelEn: "Job title", labelNb: "Stilling", type: "Text", searchable: true }),
      builtIn({
        key: "birth_date",
        labelEn: "Birth date",
        labelNb: "Fødselsdato",
        type: "Date",
        settings: { pastOnly: true },
      }),
      builtIn({ key: "address", labelEn: "Address", labelNb: "Adresse", type: "Text" }),
      builtIn({ key: "postal_code", labelEn: "Postal code", labelNb: "Postnummer", type: "Text" }),
      builtIn({ key: "city", labelEn: "City", labelNb: "Sted", type: "Text", searchable: true }),
      countryField,
      builtIn({ key: "linkedin", labelEn: "LinkedIn", labelNb: "LinkedIn", type: "Url" }),
      builtIn({ key: "newsletter", labelEn: "Newsletter", labelNb: "Nyhetsbrev", type: "Bool" }),
      builtIn({ key: "last_contacted_at", labelEn: "Last contacted", labelNb: "Sist kontaktet", type: "DateTime" }),
      builtIn({ key: "description", labelEn: "Notes", labelNb: "Notater", type: "LongText" }),
    ],
    statuses: [
      { key: "active", nameEn: "Active", nameNb: "Aktiv", isDefault: true },
      { key: "inactive", nameEn: "Inactive", nameNb: "Inaktiv" },
    ],
  },
  {
    schemaKey: "documents",
    tableKey: "document",
    labelEn: "Document",
    labelNb: "Dokument",
    pluralEn: "Documents",
    pluralNb: "Dokumenter",
    resource: "Document",
    searchText: true,
    // Created by an upload (server/documents/), which sets the read-only fields from the stored file.
    fields: [
      builtIn({
        key: "name",
        labelEn: "Name",
        labelNb: "Navn",
        type: "Text",
        required: true,
        partOfName: true,
        searchable: true,
        favorite: true,
      }),
      builtIn({
        key: "description",
        labelEn: "Description",
        labelNb: "Beskrivelse",
        type: "Text",
        searchable: true,
        settings: { maxLength: DOCUMENT_DESCRIPTION_MAX },
      }),
      builtIn({
        key: "file_name",
        labelEn: "File name",
        labelNb: "Filnavn",
        type: "Text",
        searchable: true,
        settings: { readOnly: true },
      }),
      builtIn({ key: "mime_type", labelEn: "Type", labelNb: "Type", type: "Text", settings: { readOnly: true } }),
      builtIn({
        key: "file_size",
        labelEn: "Size",
        labelNb: "Størrelse",
        type: "Number",
        settings: { readOnly: true, bytes: true },
      }),
      builtIn({
        key: "checksum",
        labelEn: "Checksum (SHA-256)",
        labelNb: "Sjekksum (SHA-256)",
        type: "Text",
        settings: { readOnly: true },
      }),
    ],
    statuses: [],
  },
  {
    schemaKey: "notes",
    tableKey: "note",
    labelEn: "Note",
    labelNb: "Notat",
    pluralEn: "Notes",
    pluralNb: "Notater",
    resource: "Note",
    searchText: true,
    // Attached to records of any entity through notes.note_attached_to (server/notes/).
    fields: [
      builtIn({
        key: "title",
        labelEn: "Title",
        labelNb: "Tittel",
        type: "Text",
        required: true,
        partOfName: true,
        searchable: true,
        favorite: true,
      }),
      builtIn({ key: "text", labelEn: "Text", labelNb: "Tekst", type: "LongText", searchable: true }),
    ],
    statuses: [],
  },
  workItem({
    tableKey: "inquiry",
    labelEn: "Inquiry",
    labelNb: "Henvendelse",
    pluralEn: "Inquiries",
    pluralNb: "Henvendelser",
    resource: "Inquiry",
    statuses: [
      { key: "new", nameEn: "New", nameNb: "Ny", isDefault: true, colour: "#2563eb" },
      { key: "in_progress", nameEn: "In progress", nameNb: "Under arbeid", colour: "#d97706" },
      { key: "waiting", nameEn: "Waiting for customer", nameNb: "Venter på kunde", colour: "#7c3aed" },
      { key: "closed", nameEn: "Closed", nameNb: "Lukket", closed: true, colour: "#16a34a" },
    ],
    category: [
      { key: "question", nameEn: "Question", nameNb: "Spørsmål", isDefault: true },
      { key: "quote", nameEn: "Quote request", nameNb: "Tilbudsforespørsel" },
      { key: "order", nameEn: "Order", nameNb: "Bestilling" },
      { key: "support", nameEn: "Support", nameNb: "Brukerstøtte" },
      { key: "complaint", nameEn: "Complaint", nameNb: "Klage" },
    ],
    source: [
      { key: "email", nameEn: "Email", nameNb: "E-post", isDefault: true },
      { key: "phone", nameEn: "Phone", nameNb: "Telefon" },
      { key: "web_form", nameEn: "Web form", nameNb: "Nettskjema" },
      { key: "meeting", nameEn: "Meeting", nameNb: "Møte" },
      { key: "chat", nameEn: "Chat", nameNb: "Chat" },
    ],
  }),
  workItem({
    tableKey: "todo",
    labelEn: "To-do",
    labelNb: "Gjøremål",
    pluralEn: "To-dos",
    pluralNb: "Gjøremål",
    resource: "Todo",
    statuses: [
      { key: "not_started", nameEn: "Not started", nameNb: "Ikke startet", isDefault: true, colour: "#64748b" },
      { key: "in_progress", nameEn: "In progress", nameNb: "Pågår", colour: "#d97706" },
      { key: "done", nameEn: "Done", nameNb: "Ferdig", closed: true, colour: "#16a34a" },
    ],
    category: [
      { key: "follow_up", nameEn: "Follow-up", nameNb: "Oppfølging", isDefault: true },
      { key: "call", nameEn: "Call", nameNb: "Telefonsamtale" },
      { key: "meeting", nameEn: "Meeting", nameNb: "Møte" },
      { key: "email", nameEn: "Email", nameNb: "E-post" },
      { key: "admin", nameEn: "Administration", nameNb: "Administrasjon" },
    ],
    source: [
      { key: "manual", nameEn: "Added by hand", nameNb: "Lagt inn manuelt", isDefault: true },
      { key: "inquiry", nameEn: "Inquiry", nameNb: "Henvendelse" },
      { key: "meeting", nameEn: "Meeting", nameNb: "Møte" },
      { key: "email", nameEn: "Email", nameNb: "E-post" },
    ],
  }),
];

export interface StandardRelationship {
  linkSchema: string;
  linkTable: string;
  schema1: string;
  key1: string;
  column1: string;
  schema2: string;
  key2: string;
  column2: string;
  label1En: string;
  label1Nb: string;
  label2En: string;
  label2Nb: string;
  type: "1to1" | "1toN" | "Nto1" | "NtoM";
  /** The link's role: always required. */
  roleOptions: { value: string; labelEn: string; labelNb: string }[];
}

/** label1 names the link seen from side 1 (a company's contact affiliations), label2 from side 2. */
export const standardRelationships: StandardRelationship[] = [
  {
    linkSchema: "custom_schema_relationship",
    linkTable: "company_has_contact",
    schema1: "crm",
    key1: "company",
    column1: "company_id",
    schema2: "crm",
    key2: "contact",
    column2: "contact_id",
    label1En: "Contact affiliation",
    label1Nb: "Kontakttilknytning",
    label2En: "Company affiliation",
    label2Nb: "Firmatilknytning",
    type: "NtoM",
    roleOptions: linkRoleOptions,
  },
];
