import type { Kysely } from "kysely";
import type { generateDemoData } from "./demo-data.ts";
import type { Database } from "./schema.ts";

/**
 * Demo inquiries and to-dos: what customers ask and what staff then have to do, in Norwegian for Norwegian companies
 * and in English for British ones. Each is linked to a contact at its company, spread over the last weeks, with every
 * priority, category, source and status among them, some of them overdue.
 */
export interface DemoWorkItem {
  title: string;
  description: string;
}

export const norwegianInquiries: DemoWorkItem[] = [
  { title: "Pris på årsavtale", description: "Ønsker tilbud på årsavtale for 40 brukere, med opplæring." },
  { title: "Feil på faktura", description: "Fakturaen for oktober har feil antall lisenser." },
  { title: "Spørsmål om integrasjon", description: "Kan systemet hente ordre fra nettbutikken deres?" },
  { title: "Forsinket levering", description: "Leveransen som var lovet i uke 44, har ikke kommet." },
  { title: "Ønsker demo", description: "Ny innkjøpssjef vil se rapportene før de fornyer." },
  { title: "Bytte av kontaktperson", description: "Ber om at alle henvendelser går til økonomiavdelingen." },
  { title: "Tilbud på service", description: "Trenger serviceavtale for to lokasjoner fra januar." },
  { title: "Klage på responstid", description: "Supporten brukte tre dager på å svare forrige uke." },
  { title: "Utvidelse av avtale", description: "Vil legge til 15 brukere i avdelingen i Bergen." },
  { title: "Personvern og databehandleravtale", description: "Juristen ber om oppdatert databehandleravtale." },
];

export const englishInquiries: DemoWorkItem[] = [
  { title: "Annual agreement pricing", description: "Would like a quote for 40 users, including training." },
  { title: "Invoice error", description: "The October invoice shows the wrong number of licences." },
  { title: "Integration question", description: "Can the system pick up orders from their web shop?" },
  { title: "Late delivery", description: "The delivery promised for week 44 has not arrived." },
  { title: "Demo request", description: "The new head of purchasing wants to see the reports before renewing." },
  { title: "Change of contact", description: "Asks for all inquiries to go to the finance department." },
  { title: "Service quote", description: "Needs a service agreement for two sites from January." },
  { title: "Complaint about response times", description: "Support took three days to answer last week." },
  { title: "Agreement extension", description: "Wants to add 15 users in the Manchester office." },
  { title: "Data processing agreement", description: "Their lawyer asks for an updated data processing agreement." },
];

export const norwegianTodos: DemoWorkItem[] = [
  { title: "Send tilbud", description: "Tilbud på årsavtale med opplæring, gyldig i 30 dager." },
  { title: "Ring innkjøpssjefen", description: "Avklar volum for neste år før budsjettmøtet." },
  { title: "Book demo", description: "Finn tidspunkt som passer for innkjøp og IT." },
  { title: "Krediter faktura", description: "Kreditnota for feil antall lisenser i oktober." },
  { title: "Følg opp leveranse", description: "Sjekk status hos transportøren og gi kunden beskjed." },
  { title: "Oppdater kontaktinfo", description: "Ny kontaktperson for faktura skal inn i systemet." },
  { title: "Forbered workshop", description: "Agenda og opplæringsmateriell til fire deltakere." },
  { title: "Send databehandleravtale", description: "Oppdatert versjon til signering." },
  { title: "Kvartalsmøte", description: "Gå gjennom bruk og nye behov med daglig leder." },
  { title: "Fornye kontrakt", description: "Utkast til toårig avtale med ny pris." },
];

export const englishTodos: DemoWorkItem[] = [
  { title: "Send proposal", description: "Annual agreement with training, valid for 30 days." },
  { title: "Call the head of purchasing", description: "Agree next year's volume before the budget meeting." },
  { title: "Book a demo", description: "Find a time that suits both purchasing and IT." },
  { title: "Credit the invoice", description: "Credit note for the wrong number of licences in October." },
  { title: "Chase the delivery", description: "Check with the carrier and let the customer know." },
  { title: "Update contact details", description: "The new invoicing contact goes into the system." },
  { title: "Prepare the workshop", description: "Agenda and training material for four people." },
  { title: "Send the data processing agreement", description: "The updated version, for signing." },
  { title: "Quarterly review", description: "Go through usage and new needs with the managing director." },
  { title: "Renew the contract", description: "Draft a two-year agreement at the new price." },
];

export const DEMO_INQUIRIES = norwegianInquiries.length + englishInquiries.length;
export const DEMO_TODOS = norwegianTodos.length + englishTodos.length;

const DAY = 24 * 60 * 60 * 1000;

function isoDate(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** Each demo inquiry and to-do on a contact at a company of its language's country, with their history. */
export async function seedDemoWorkItems(
  db: Kysely<Database>,
  adminId: string,
  data: ReturnType<typeof generateDemoData>,
  companies: { id: string }[],
  contacts: { id: string }[],
): Promise<void> {
  const users = (await db.selectFrom("core.app_user").select("id").orderBy("email").execute()).map((u) => u.id);
  const groups = (await db.selectFrom("core.user_group").select("id").orderBy("name").execute()).map((g) => g.id);
  // Companies of a country that have contacts, so every item has one.
  const linked = (country: string) =>
    data.companies.flatMap((company, index) =>
      company.country === country && data.links.some((link) => link.companyIndex === index) ? [index] : [],
    );
  const now = Date.now();
  for (const [table, norwegian, english] of [
    ["inquiry", norwegianInquiries, englishInquiries],
    ["todo", norwegianTodos, englishTodos],
  ] as const) {
    const kinds = async (kind: string) =>
      (
        await db
          .selectFrom("core.meta_status")
          .select("id")
          .where("schema_key", "=", "crm")
          .where("table_key", "=", table)
          .where("kind", "=", kind)
          .orderBy("position")
          .execute()
      ).map((row) => row.id);
    const [statuses, priorities, categories, sources] = await Promise.all(
      ["status", "priority", "category", "source"].map(kinds),
    );
    const placed = [
      ...norwegian.map((item, index) => ({ item, companyIndex: linked("Norway")[index] })),
      ...english.map((item, index) => ({ item, companyIndex: linked("United Kingdom")[index] })),
    ].filter((entry) => entry.companyIndex !== undefined);
    const values = placed.map(({ item }, index) => {
      const at = new Date(now - (index * 3 + 2) * DAY);
      return {
        title: item.title,
        description: item.description,
        received_date: isoDate(at),
        // Two weeks to answer; the older ones are past it, and those not closed are overdue.
        due_date: isoDate(new Date(at.getTime() + 14 * DAY)),
        status_id: statuses[index % statuses.length],
        priority_id: priorities[index % priorities.length],
        category_id: categories[index % categories.length],
        source_id: sources[index % sources.length],
        group_id: groups[index % groups.length] ?? null,
        assigned_user_id: users[index % users.length] ?? null,
        created_by: adminId,
        updated_by: adminId,
        created_at: at,
        updated_at: at,
      };
    });
    const rows = (await db
      .insertInto(`crm.${table}` as any)
      .values(values)
      .returning(["id", "reference_number"])
      .execute()) as { id: string; reference_number: string }[];
    await db
      .insertInto(`crm.${table}_company_contact` as any)
      .values(
        placed.map(({ companyIndex }, index) => {
          const link = data.links.find((l) => l.companyIndex === companyIndex);
          return {
            [`${table}_id`]: rows[index].id,
            company_id: companies[companyIndex].id,
            contact_id: contacts[link?.contactIndex ?? 0].id,
            created_by: adminId,
            created_at: values[index].created_at,
          };
        }),
      )
      .execute();
    await db
      .insertInto("core.transaction")
      .values(
        rows.map((row, index) => {
          const { status_id, created_by: _by, updated_by: _up, created_at, updated_at: _at, ...rest } = values[index];
          return {
            schema_key: "crm",
            table_key: table,
            record_id: row.id,
            action: "create",
            actor_id: adminId,
            at: created_at,
            before: null,
            after: JSON.stringify({ ...rest, reference_number: Number(row.reference_number), statusId: status_id }),
          };
        }),
      )
      .execute();
  }
}
