import type { FieldDefinition, FieldType } from "../contract/fields.ts";
import { DOCUMENT_DESCRIPTION_MAX } from "../contract/files.ts";
import { industryOptions, linkRoleOptions } from "../db/demo-data.ts";

export interface StandardEntity {
  schemaKey: string;
  tableKey: string;
  labelEn: string;
  labelNb: string;
  pluralEn: string;
  pluralNb: string;
  /** The permission resource that guards the entity. */
  resource: string;
  /** Its table has the stored, folded search_text column that search reads (migration 0008). */
  searchText: boolean;
  fields: FieldDefinition[];
  statuses: { key: string; nameEn: string; nameNb: string; isDefault?: boolean }[];
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
      builtIn({ key: "employees", labelEn: "Employees", labelNb: "Ansatte", type: "Number" }),
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
      builtIn({ key: "discount", labelEn: "Standard discount", labelNb: "Standardrabatt", type: "Percent" }),
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
    linkSchema: "crm",
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

export const demoGroups = [{ name: "Sales" }, { name: "Support" }, { name: "Management" }];
