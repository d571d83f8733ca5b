/**
 * Generated inquiries, to-dos and notes for load tests. Titles and texts start from the demo workspace's own
 * (server/db/demo-work-items.ts, server/db/demo-notes.ts) and are varied by phrases staff write in the same places, in
 * Norwegian for four in five and in English for the rest, as the generated companies are. Pure and seeded: the same
 * seed (and day) gives the same items.
 */
import { industryOptions, mulberry32 } from "../../server/db/demo-data.ts";
import { englishNotes, norwegianNotes } from "../../server/db/demo-notes.ts";
import { englishInquiries, englishTodos, norwegianInquiries, norwegianTodos } from "../../server/db/demo-work-items.ts";

export type GeneratedKind = "inquiry" | "todo" | "note";

/**
 * What `npm run bench` searches each list for: a word of Norwegian titles (about invoices; about calls) that one item in
 * seven to ten has in its title or text, as "berg" is for companies: 10 % of inquiries, 15 % of to-dos, 12 % of notes.
 */
export const searchWords: Record<GeneratedKind, string> = { inquiry: "faktura", todo: "faktura", note: "telefon" };

/**
 * The company `npm run bench:seed -- --timeline N` gives N activities and `npm run bench` measures the timeline of: a
 * name no generated company has, so both find the same one (the oldest, if someone made another).
 */
export const timelineCompanyName = "Tidslinje Benchmark AS";

// --- Word lists ---

interface Vocabulary {
  /** Whole titles with their texts, as the demo workspace has them. */
  examples: { title: string; text: string }[];
  /** Titles of an opening and a subject ("Spørsmål om" "faktura"), with an example's text. */
  openings: string[];
  subjects: string[];
  /** Added to some titles: a month or a place. */
  suffixes: string[];
}

const norwegianMonths = [
  "januar",
  "februar",
  "mars",
  "april",
  "mai",
  "juni",
  "juli",
  "august",
  "september",
  "oktober",
  "november",
  "desember",
];
const englishMonths = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const norwegianPlaces = ["Oslo", "Bergen", "Trondheim", "Stavanger", "Tromsø", "Kristiansand", "Drammen", "Bodø"];
const englishPlaces = ["London", "Manchester", "Birmingham", "Leeds", "Glasgow", "Bristol", "Edinburgh", "Cardiff"];
const norwegianSuffixes = [...norwegianMonths, ...norwegianPlaces].map((word) => ` – ${word}`);
const englishSuffixes = [...englishMonths, ...englishPlaces].map((word) => ` – ${word}`);

const workItemExamples = (items: { title: string; description: string }[]) =>
  items.map(({ title, description }) => ({ title, text: description }));

const vocabularies: Record<GeneratedKind, { norwegian: Vocabulary; english: Vocabulary }> = {
  inquiry: {
    norwegian: {
      examples: workItemExamples(norwegianInquiries),
      openings: ["Spørsmål om", "Henvendelse om", "Problemer med", "Endring i", "Forespørsel om", "Klage på"],
      subjects: [
        "faktura",
        "årsavtale",
        "serviceavtale",
        "lisenser",
        "opplæring",
        "levering",
        "rapporter",
        "integrasjon",
        "nettbutikken",
        "brukerstøtte",
        "kontrakten",
        "tilganger",
        "prisliste",
        "betalingsvilkår",
        "vedlikehold",
        "reservedeler",
        "installasjon",
        "bestilling",
      ],
      suffixes: norwegianSuffixes,
    },
    english: {
      examples: workItemExamples(englishInquiries),
      openings: ["Question about", "Query about", "Problem with", "Change to", "Request about", "Complaint about"],
      subjects: [
        "the invoice",
        "the annual agreement",
        "the service agreement",
        "licences",
        "training",
        "the delivery",
        "reports",
        "the integration",
        "the web shop",
        "support",
        "the contract",
        "access rights",
        "the price list",
        "payment terms",
        "maintenance",
        "spare parts",
        "the installation",
        "an order",
      ],
      suffixes: englishSuffixes,
    },
  },
  todo: {
    norwegian: {
      examples: workItemExamples(norwegianTodos),
      openings: ["Send", "Følg opp", "Oppdater", "Kontroller", "Avklar", "Forbered", "Godkjenn", "Purr på"],
      subjects: [
        "tilbud",
        "faktura",
        "kontrakt",
        "prisliste",
        "ordrebekreftelse",
        "møtereferat",
        "serviceavtale",
        "leveranseplan",
        "databehandleravtale",
        "kvartalsrapport",
        "budsjett",
        "lisensoversikt",
      ],
      suffixes: norwegianSuffixes,
    },
    english: {
      examples: workItemExamples(englishTodos),
      openings: ["Send the", "Follow up the", "Update the", "Check the", "Agree the", "Prepare the", "Approve the"],
      subjects: [
        "proposal",
        "invoice",
        "contract",
        "price list",
        "order confirmation",
        "meeting minutes",
        "service agreement",
        "delivery plan",
        "data processing agreement",
        "quarterly report",
        "budget",
        "licence count",
      ],
      suffixes: englishSuffixes,
    },
  },
  note: {
    norwegian: {
      examples: norwegianNotes,
      openings: ["Møte med", "Telefon med", "Samtale med", "Lunsj med", "E-post fra"],
      subjects: [
        "daglig leder",
        "innkjøpssjefen",
        "økonomisjefen",
        "salgssjefen",
        "IT-ansvarlig",
        "styrelederen",
        "prosjektlederen",
        "kundeansvarlig",
      ],
      suffixes: norwegianSuffixes,
    },
    english: {
      examples: englishNotes,
      openings: ["Meeting with", "Call with", "Conversation with", "Lunch with", "Email from"],
      subjects: [
        "the managing director",
        "the head of purchasing",
        "the finance director",
        "the sales manager",
        "the IT manager",
        "the chair",
        "the project manager",
        "the account manager",
      ],
      suffixes: englishSuffixes,
    },
  },
};

// As many Norwegian items as generated companies are Norwegian (server/db/demo-data.ts).
const NORWEGIAN_SHARE = 0.8;
// Titles repeat, as they do in a workspace: 2,000–3,000 different ones per kind, each example in about 2 % of items.
const EXAMPLE_SHARE = 0.4;
const SUFFIX_SHARE = 0.4;

// Mixed into the seed, so the inquiries, to-dos and notes of one seed do not repeat each other's choices.
const salts: Record<GeneratedKind, number> = { inquiry: 0x696e71, todo: 0x746f64, note: 0x6e6f74 };

/** `count` titles with their texts (an inquiry's or a to-do's description, a note's text). */
export function generateTexts(kind: GeneratedKind, count: number, seed: number): { title: string; text: string }[] {
  const random = mulberry32(seed ^ salts[kind]);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const texts: { title: string; text: string }[] = [];
  for (let index = 0; index < count; index++) {
    const vocabulary = vocabularies[kind][random() < NORWEGIAN_SHARE ? "norwegian" : "english"];
    const example = pick(vocabulary.examples);
    const title =
      random() < EXAMPLE_SHARE ? example.title : `${pick(vocabulary.openings)} ${pick(vocabulary.subjects)}`;
    texts.push({ title: random() < SUFFIX_SHARE ? `${title}${pick(vocabulary.suffixes)}` : title, text: example.text });
  }
  return texts;
}

/** Meta status rows and users an item may get; an empty list leaves the column empty. */
export interface WorkItemChoices {
  statuses: string[];
  priorities: string[];
  categories: string[];
  sources: string[];
  groups: string[];
  users: string[];
}

export interface GeneratedWorkItem {
  title: string;
  description: string;
  /** YYYY-MM-DD. */
  receivedDate: string;
  dueDate: string;
  statusId: string | null;
  priorityId: string | null;
  categoryId: string | null;
  sourceId: string | null;
  groupId: string | null;
  assignedUserId: string | null;
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * Inquiries or to-dos spread evenly over every status, priority, category, source, group and user, due within a year
 * either side of `today` (so some are overdue and some far off), received up to two months before they are due.
 */
export function generateWorkItems(
  kind: "inquiry" | "todo",
  count: number,
  seed: number,
  choices: WorkItemChoices,
  today: Date,
): GeneratedWorkItem[] {
  const random = mulberry32((seed ^ salts[kind]) + 1);
  const pick = (ids: string[]) => (ids.length === 0 ? null : ids[Math.floor(random() * ids.length)]);
  const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
  return generateTexts(kind, count, seed).map(({ title, text }) => {
    const due = day + (Math.floor(random() * 731) - 365) * DAY;
    return {
      title,
      description: text,
      receivedDate: isoDate(due - Math.floor(random() * 61) * DAY),
      dueDate: isoDate(due),
      statusId: pick(choices.statuses),
      priorityId: pick(choices.priorities),
      categoryId: pick(choices.categories),
      sourceId: pick(choices.sources),
      groupId: pick(choices.groups),
      assignedUserId: pick(choices.users),
    };
  });
}

/** A change to a company as its history keeps it: the changed fields' values before and after. */
export interface GeneratedChange {
  before: Record<string, string | number>;
  after: Record<string, string | number>;
}

/**
 * `count` edits of a company, one field each, as the app records them (`{"city": "Oslo"}` → `{"city": "Bergen"}`):
 * mostly a move to another town, some a new head count or industry.
 */
export function generateCompanyChanges(count: number, seed: number): GeneratedChange[] {
  const random = mulberry32(seed ^ 0x686973);
  // Two different entries of `items`, the second after the first.
  const pair = <T>(items: readonly T[]): [T, T] => {
    const first = Math.floor(random() * items.length);
    const second = (first + 1 + Math.floor(random() * (items.length - 1))) % items.length;
    return [items[first], items[second]];
  };
  const changes: GeneratedChange[] = [];
  for (let index = 0; index < count; index++) {
    const field = random();
    let key: string;
    let values: [string | number, string | number];
    if (field < 0.6) [key, values] = ["city", pair(norwegianPlaces)];
    else if (field < 0.85) {
      const employees = 5 + Math.floor(random() * 200);
      [key, values] = ["employees", [employees, employees + 1 + Math.floor(random() * 20)]];
    } else [key, values] = ["industry", pair(industryOptions.map((option) => option.value))];
    changes.push({ before: { [key]: values[0] }, after: { [key]: values[1] } });
  }
  return changes;
}
