import type { Kysely } from "kysely";
import { generatePassword, hashPassword } from "../auth/passwords.ts";
import { DEFAULT_LANGUAGE } from "../company-settings/company-settings.repository.ts";
import type { QueryDefinition } from "../contract/advanced-search.ts";
import { syncStandardEntities, syncStandardRelationships } from "../records/metadata.repository.ts";
import { standardEntities, standardRelationships } from "../records/standard-entities.ts";
import { setSetting } from "../settings/settings.repository.ts";
import { builtInRoles, permissionRows } from "../users/roles.ts";
import { demoSavedQuery, seedDemoDashboards } from "./demo-dashboards.ts";
import { generateDemoData } from "./demo-data.ts";
import { type DemoLanguage, type DemoNames, demoNames } from "./demo-language.ts";
import { englishNotes, norwegianNotes } from "./demo-notes.ts";
import { seedDemoWorkItems } from "./demo-work-items.ts";
import type { Database } from "./schema.ts";

export const demoUsers = [
  {
    email: "admin@example.com",
    first_name: "Ada",
    last_name: "Admin",
    role: "Company administrator",
    company_admin: true,
  },
  { email: "employee@example.com", first_name: "Erik", last_name: "Nordmann", role: "Employee", company_admin: false },
  { email: "readonly@example.com", first_name: "Rita", last_name: "Reader", role: "Read-only", company_admin: false },
] as const;

export interface SeedResult {
  created: boolean;
  /** Set only when the demo password was generated now; it is shown once. */
  generatedDemoPassword?: string;
}

/** Built-in roles exist in every workspace; missing ones are added on start. */
async function seedRoles(db: Kysely<Database>): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const role of builtInRoles) {
    let row = await db.selectFrom("core.role").select("id").where("name", "=", role.name).executeTakeFirst();
    if (!row) {
      row = await db
        .insertInto("core.role")
        .values({ name: role.name, description: role.description, built_in: true })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.insertInto("core.role_permission").values(permissionRows(row.id, role.grants)).execute();
    }
    ids.set(role.name, row.id);
  }
  return ids;
}

/**
 * Creates the workspace on first start; a demo start also creates the demo users and records, named in
 * `demoLanguage` (English by default), which also becomes the company's default language when it is Norwegian.
 */
export async function seedWorkspace(
  db: Kysely<Database>,
  options: { demo: boolean; demoPassword?: string; demoLanguage?: DemoLanguage },
): Promise<SeedResult> {
  return db.transaction().execute(async (trx) => {
    const roles = await seedRoles(trx);
    await syncStandardEntities(trx, standardEntities);
    await syncStandardRelationships(trx, standardRelationships);
    const existing = await trx.selectFrom("core.workspace").select("id").executeTakeFirst();
    if (existing) return { created: false };
    await trx
      .insertInto("core.workspace")
      .values({ name: options.demo ? "Demo workspace" : "Workspace", demo: options.demo })
      .execute();
    if (!options.demo) return { created: true };

    const password = options.demoPassword || generatePassword();
    const passwordHash = await hashPassword(password);
    const userIds: string[] = [];
    for (const user of demoUsers) {
      const { id } = await trx
        .insertInto("core.app_user")
        .values({
          email: user.email,
          first_name: user.first_name,
          last_name: user.last_name,
          // None chosen: each demo user sees the language their browser asks for.
          language: null,
          status: "active",
          role_id: roles.get(user.role)!,
          company_admin: user.company_admin,
          password_hash: passwordHash,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      userIds.push(id);
    }
    const language = options.demoLanguage ?? "en";
    // Users who choose no language see the workspace's; an English one leaves it to each browser.
    if (language !== "en") await setSetting(trx, DEFAULT_LANGUAGE, language);
    await seedDemoRecords(trx, userIds[0], demoNames[language]);
    return { created: true, generatedDemoPassword: options.demoPassword ? undefined : password };
  });
}

export const DEMO_COMPANIES = 60;
export const DEMO_CONTACTS = 150;

/** Companies and contacts with realistic Norwegian and English names, created by the demo admin. */
async function seedDemoRecords(db: Kysely<Database>, adminId: string, names: DemoNames): Promise<void> {
  const data = generateDemoData({ companies: DEMO_COMPANIES, contacts: DEMO_CONTACTS, seed: 2026 });
  const statusIds = async (table: string) =>
    (
      await db
        .selectFrom("core.meta_status")
        .select("id")
        .where("schema_key", "=", "crm")
        .where("table_key", "=", table)
        .orderBy("position")
        .execute()
    ).map((row) => row.id);
  const [companyStatuses, contactStatuses] = [await statusIds("company"), await statusIds("contact")];
  const companyValues = data.companies.map((company, index) => ({
    status_id: companyStatuses[index % companyStatuses.length],
    name: company.name,
    organisation_number: company.organisationNumber,
    email: company.email,
    phone: company.phone,
    website: company.website,
    address: company.address,
    postal_code: company.postalCode,
    city: company.city,
    country: company.country,
    industry: company.industry,
    employees: company.employees,
    description: company.description,
  }));
  // Most contacts are active; every seventh is not.
  const contactValues = data.contacts.map((contact, index) => ({
    status_id: contactStatuses[index % 7 === 6 ? 1 : 0],
    first_name: contact.firstName,
    last_name: contact.lastName,
    email: contact.email,
    mobile: contact.mobile,
    title: contact.title,
    birth_date: contact.birthDate,
    city: contact.city,
    country: contact.country,
  }));
  const insert = (table: string, values: object[]) =>
    db
      .insertInto(table as any)
      .values(values.map((row) => ({ ...row, created_by: adminId, updated_by: adminId })))
      .returning(["id"])
      .execute() as Promise<{ id: string }[]>;
  const companies = await insert("crm.company", companyValues);
  const contacts = await insert("crm.contact", contactValues);
  await db
    .insertInto("custom_schema_relationship.company_has_contact")
    .values(
      data.links.map((link) => ({
        company_id: companies[link.companyIndex].id,
        contact_id: contacts[link.contactIndex].id,
        role: link.role,
        created_by: adminId,
      })),
    )
    .execute();
  await db
    .insertInto("core.user_group")
    .values(names.groups.map((name) => ({ name })))
    .execute();
  // History shows the status as records' own changes do.
  const auditValues = ({ status_id, ...values }: Record<string, unknown>) => ({ ...values, statusId: status_id });
  const created = (table: string, rows: { id: string }[], values: object[]) =>
    rows.map((row, index) => ({
      schema_key: "crm",
      table_key: table,
      record_id: row.id,
      action: "create",
      actor_id: adminId,
      before: null,
      after: JSON.stringify(auditValues(values[index] as Record<string, unknown>)),
    }));
  await db
    .insertInto("core.transaction")
    .values([...created("company", companies, companyValues), ...created("contact", contacts, contactValues)])
    .execute();
  await seedDemoNotes(db, adminId, data, companies, contacts);
  await seedDemoWorkItems(db, adminId, data, companies, contacts);
  await seedDemoQueries(db, adminId, names);
  await seedDemoDashboards(db, adminId, names);
}

/** Two saved advanced search queries: a global one everyone may run, and a personal one of the admin's. */
async function seedDemoQueries(db: Kysely<Database>, adminId: string, names: DemoNames): Promise<void> {
  const customersInBergen: QueryDefinition = {
    entities: [
      {
        schemaName: "crm",
        tableName: "company",
        selectedFields: [{ key: "name" }, { key: "city" }, { key: "phone" }],
        filters: [{ field: "city", operation: "=", paramValue: "Bergen" }],
      },
      {
        schemaName: "crm",
        tableName: "contact",
        selectedFields: [{ key: "first_name" }, { key: "last_name" }, { key: "email" }],
        filters: [],
      },
    ],
    joins: [
      { schema1Name: "crm", table1Name: "company", joinType: "INNER", schema2Name: "crm", table2Name: "contact" },
    ],
    sort: { schemaName: "crm", tableName: "company", field: "name", direction: "asc" },
  };
  const largeCompanies: QueryDefinition = {
    entities: [
      {
        schemaName: "crm",
        tableName: "company",
        selectedFields: [{ key: "name" }, { key: "industry" }, { key: "employees" }],
        filters: [{ field: "employees", operation: ">=", paramValue: "100" }],
      },
    ],
    joins: [],
    sort: { schemaName: "crm", tableName: "company", field: "employees", direction: "desc" },
  };
  await db
    .insertInto("core.saved_query")
    .values([
      demoSavedQuery(adminId, { kind: "query", scope: "global", ...names.customersInBergen }, customersInBergen),
      demoSavedQuery(adminId, { kind: "query", scope: "personal", ...names.largeCompanies }, largeCompanies),
    ])
    .execute();
}

export const DEMO_NOTES = norwegianNotes.length + englishNotes.length;

/**
 * A note per demo text, on a company of its language's country (the first ones in the list), written over the last
 * months; every other note is also on one of the company's contacts.
 */
async function seedDemoNotes(
  db: Kysely<Database>,
  adminId: string,
  data: ReturnType<typeof generateDemoData>,
  companies: { id: string }[],
  contacts: { id: string }[],
): Promise<void> {
  const byCountry = (country: string) =>
    data.companies.flatMap((company, index) => (company.country === country ? [index] : []));
  const placed = [
    ...norwegianNotes.map((note, index) => ({ note, companyIndex: byCountry("Norway")[index] })),
    ...englishNotes.map((note, index) => ({ note, companyIndex: byCountry("United Kingdom")[index] })),
  ].filter((entry) => entry.companyIndex !== undefined);
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  const values = placed.map(({ note }, index) => {
    const at = new Date(now - (index * 5 + 1) * day);
    return {
      title: note.title,
      text: note.text,
      created_by: adminId,
      updated_by: adminId,
      created_at: at,
      updated_at: at,
    };
  });
  const notes = (await db
    .insertInto("notes.note" as any)
    .values(values)
    .returning(["id"])
    .execute()) as { id: string }[];
  const attachments = placed.flatMap(({ companyIndex }, index) => {
    const on = (schema_key: string, table_key: string, record_id: string) => ({
      note_id: notes[index].id,
      schema_key,
      table_key,
      record_id,
      created_by: adminId,
      created_at: values[index].created_at,
    });
    const contactLink = data.links.find((link) => link.companyIndex === companyIndex);
    return [
      on("crm", "company", companies[companyIndex].id),
      ...(index % 2 === 0 && contactLink ? [on("crm", "contact", contacts[contactLink.contactIndex].id)] : []),
    ];
  });
  await db
    .insertInto("notes.note_attached_to" as any)
    .values(attachments)
    .execute();
  await db
    .insertInto("core.transaction")
    .values(
      notes.map((note, index) => ({
        schema_key: "notes",
        table_key: "note",
        record_id: note.id,
        action: "create",
        actor_id: adminId,
        at: values[index].created_at,
        before: null,
        after: JSON.stringify({ title: values[index].title, text: values[index].text, statusId: null }),
      })),
    )
    .execute();
}
