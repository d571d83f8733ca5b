import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import PDFDocument from "pdfkit";
import { checkFileType } from "../files/file-types.ts";
import type { FileStorage } from "../files/storage.ts";
import type { Database } from "./schema.ts";

/**
 * Demo documents: PDFs made at the first start (an offer, minutes, a price list), in Norwegian on Norwegian companies and
 * in English on British ones, each attached to its company and its first contact, and the offers to the company's
 * inquiry when it has one.
 */
export interface DemoDocument {
  name: string;
  description: string;
  heading: string;
  lines: string[];
}

const norwegianDocuments: DemoDocument[] = [
  {
    name: "Tilbud på årsavtale",
    description: "Tilbud sendt etter oppstartsmøtet.",
    heading: "Tilbud – årsavtale",
    lines: ["40 brukere med opplæring for to avdelinger.", "Pris per år: 240 000 kr eks. mva.", "Gyldig i 30 dager."],
  },
  {
    name: "Referat fra kundemøte",
    description: "Møtereferat med avtalte oppfølgingspunkter.",
    heading: "Referat – kundemøte",
    lines: ["Til stede: daglig leder, økonomisjef og vår kundeansvarlige.", "Neste møte: om to uker."],
  },
  {
    name: "Prisliste 2027",
    description: "Gjeldende priser fra 1. januar.",
    heading: "Prisliste 2027",
    lines: ["Lisens per bruker: 500 kr per måned.", "Opplæring: 9 500 kr per dag.", "Support inngår."],
  },
  {
    name: "Databehandleravtale",
    description: "Utkast til signering.",
    heading: "Databehandleravtale",
    lines: ["Avtalen gjelder behandling av personopplysninger på vegne av kunden.", "Utkast – ikke signert."],
  },
];

const englishDocuments: DemoDocument[] = [
  {
    name: "Annual agreement proposal",
    description: "Proposal sent after the kick-off meeting.",
    heading: "Proposal – annual agreement",
    lines: [
      "40 users with training for two departments.",
      "Price per year: £18,000 excluding VAT.",
      "Valid for 30 days.",
    ],
  },
  {
    name: "Meeting minutes",
    description: "Minutes with the agreed follow-ups.",
    heading: "Minutes – customer meeting",
    lines: ["Present: managing director, finance director and our account manager.", "Next meeting: in two weeks."],
  },
  {
    name: "Price list 2027",
    description: "Prices from 1 January.",
    heading: "Price list 2027",
    lines: ["Licence per user: £40 per month.", "Training: £750 per day.", "Support is included."],
  },
  {
    name: "Data processing agreement",
    description: "Draft for signing.",
    heading: "Data processing agreement",
    lines: ["The agreement covers processing personal data on the customer's behalf.", "Draft – not signed."],
  },
];

export const DEMO_DOCUMENTS = norwegianDocuments.length + englishDocuments.length;

/** A one-page PDF: the heading, the company it is for, and the lines. */
export async function demoPdf(document: DemoDocument, company: string): Promise<Uint8Array> {
  const pdf = new PDFDocument({
    size: "A4",
    margin: 56,
    // A fixed date keeps the demo's files the same bytes on every first start (the file's id is made from it too).
    info: {
      Title: document.name,
      Producer: "Workspace",
      Creator: "Workspace",
      CreationDate: new Date("2026-11-01T09:00:00Z"),
      ModDate: new Date("2026-11-01T09:00:00Z"),
    },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on("end", resolve);
    pdf.on("error", reject);
  });
  pdf.font("Helvetica-Bold").fontSize(20).text(document.heading);
  pdf.moveDown(0.5).font("Helvetica").fontSize(12).text(company);
  pdf.moveDown(1).fontSize(11);
  for (const line of document.lines) pdf.text(line).moveDown(0.4);
  pdf.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * Stores each demo document's PDF through the file storage, checked by content as an upload is, then writes its row,
 * its attachments and its history. Runs once, right after the demo workspace is created; the files are durable before
 * the rows name them.
 */
export async function seedDemoDocuments(db: Kysely<Database>, storage: FileStorage): Promise<void> {
  const admin = await db.selectFrom("core.app_user").select("id").where("company_admin", "=", true).executeTakeFirst();
  if (!admin) return;
  for (const [country, documents] of [
    ["Norway", norwegianDocuments],
    ["United Kingdom", englishDocuments],
  ] as const) {
    // Record tables are defined by metadata rows, not by the static Database type.
    const companies = await (db as unknown as Kysely<any>)
      .selectFrom("crm.company as c")
      .select(["c.id", "c.name"])
      .where("c.country", "=", country)
      .where((eb: any) =>
        eb.exists(
          eb
            .selectFrom("custom_schema_relationship.company_has_contact as l")
            .select("l.id")
            .whereRef("l.company_id", "=", "c.id"),
        ),
      )
      .orderBy("c.name")
      .limit(documents.length)
      .execute();
    for (const [index, company] of companies.entries()) {
      const document = documents[index];
      const fileName = `${document.name}.pdf`;
      let mime = "";
      const stored = await storage.put(Readable.from([await demoPdf(document, company.name as string)]), {
        maxBytes: 10 * 1024 * 1024,
        check: async (filePath) => {
          mime = (await checkFileType(filePath, fileName)).mime;
        },
      });
      await db.transaction().execute(async (trx) => {
        const values = {
          name: document.name,
          description: document.description,
          file_name: fileName,
          mime_type: mime,
          file_size: stored.size,
          checksum: stored.key,
        };
        const { id } = (await trx
          .insertInto("documents.document" as any)
          .values({ ...values, created_by: admin.id, updated_by: admin.id })
          .returning("id")
          .executeTakeFirstOrThrow()) as { id: string };
        const contact = await trx
          .selectFrom("custom_schema_relationship.company_has_contact")
          .select("contact_id")
          .where("company_id", "=", company.id as string)
          .orderBy("created_at")
          .executeTakeFirst();
        const inquiry = await trx
          .selectFrom("crm.inquiry_company_contact")
          .select("inquiry_id")
          .where("company_id", "=", company.id as string)
          .executeTakeFirst();
        const on = [
          { table_key: "company", schema_key: "crm", record_id: company.id as string },
          ...(contact ? [{ table_key: "contact", schema_key: "crm", record_id: contact.contact_id }] : []),
          ...(inquiry && index === 0
            ? [{ table_key: "inquiry", schema_key: "crm", record_id: inquiry.inquiry_id }]
            : []),
        ];
        await trx
          .insertInto("documents.document_attached_to" as any)
          .values(on.map((record) => ({ ...record, document_id: id, created_by: admin.id })))
          .execute();
        await trx
          .insertInto("core.transaction")
          .values({
            schema_key: "documents",
            table_key: "document",
            record_id: id,
            action: "create",
            actor_id: admin.id,
            before: null,
            after: JSON.stringify({ ...values, statusId: null }),
          })
          .execute();
      });
    }
  }
}
