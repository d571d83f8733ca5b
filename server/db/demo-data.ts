/**
 * Deterministic demo companies, contacts and the links between them, Norwegian and British flavoured.
 * Pure and seeded, so seed scripts and tests get the same data for the same seed.
 */

export type DemoCountry = "Norway" | "United Kingdom";

export interface DemoCompany {
  name: string;
  /** Norwegian: 9 digits with a MOD11 check digit; United Kingdom: an 8-digit company number. */
  organisationNumber: string;
  email: string;
  phone: string;
  website: string;
  address: string;
  city: string;
  postalCode: string;
  country: DemoCountry;
  /** One of the `industryOptions` values. */
  industry: string;
  employees: number;
  description: string;
}

export interface DemoContact {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  title: string;
  /** YYYY-MM-DD. */
  birthDate: string;
  city: string;
  country: DemoCountry;
}

export interface DemoLink {
  companyIndex: number;
  contactIndex: number;
  /** One of the `linkRoleOptions` values. */
  role: string;
}

export const industryOptions: { value: string; labelEn: string; labelNb: string }[] = [
  { value: "construction", labelEn: "Construction", labelNb: "Bygg og anlegg" },
  { value: "real_estate", labelEn: "Real estate", labelNb: "Eiendom" },
  { value: "accounting", labelEn: "Accounting and auditing", labelNb: "Regnskap og revisjon" },
  { value: "transport", labelEn: "Transport and logistics", labelNb: "Transport og logistikk" },
  { value: "technology", labelEn: "Information technology", labelNb: "IT og teknologi" },
  { value: "consulting", labelEn: "Consulting", labelNb: "Rådgivning" },
  { value: "maritime", labelEn: "Maritime and seafood", labelNb: "Maritim næring og sjømat" },
  { value: "energy", labelEn: "Energy", labelNb: "Energi" },
  { value: "retail", labelEn: "Retail", labelNb: "Varehandel" },
  { value: "healthcare", labelEn: "Health and care", labelNb: "Helse og omsorg" },
  { value: "hospitality", labelEn: "Hospitality and tourism", labelNb: "Reiseliv og servering" },
  { value: "manufacturing", labelEn: "Manufacturing", labelNb: "Industri" },
  { value: "finance", labelEn: "Finance and insurance", labelNb: "Finans og forsikring" },
  { value: "media", labelEn: "Media and communications", labelNb: "Medier og kommunikasjon" },
];

export const linkRoleOptions: { value: string; labelEn: string; labelNb: string }[] = [
  { value: "employee", labelEn: "Employee", labelNb: "Ansatt" },
  { value: "contact_person", labelEn: "Contact person", labelNb: "Kontaktperson" },
  { value: "owner", labelEn: "Owner", labelNb: "Eier" },
  { value: "board_member", labelEn: "Board member", labelNb: "Styremedlem" },
  { value: "chair", labelEn: "Chair of the board", labelNb: "Styreleder" },
  { value: "consultant", labelEn: "Consultant", labelNb: "Konsulent" },
];

const MOD11_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];

/** Check digit for the first 8 digits, or -1 when no valid number can end them (remainder 1). */
function mod11CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += MOD11_WEIGHTS[i] * (digits.charCodeAt(i) - 48);
  const remainder = sum % 11;
  if (remainder === 0) return 0;
  return remainder === 1 ? -1 : 11 - remainder;
}

/** Norwegian organisation number check: exactly 9 digits, the last a MOD11 check digit. */
export function isValidOrganisationNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  return mod11CheckDigit(value) === value.charCodeAt(8) - 48;
}

// --- Seeded randomness ---

interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** `count` (at most 9) random digits, leading zeros kept. */
  digits(count: number): string;
}

/** A small seeded generator of numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (probability) => next() < probability,
    // One draw per group, not per digit; 32 random bits cover up to 9 digits.
    digits: (count) => String(Math.floor(next() * 10 ** count)).padStart(count, "0"),
  };
}

/** Precomputes cumulative weights so each draw is a short scan, not a re-sum. */
function weighted<T>(entries: readonly (readonly [T, number])[]): (random: Random) => T {
  const cumulative: number[] = [];
  let total = 0;
  for (const [, weight] of entries) {
    total += weight;
    cumulative.push(total);
  }
  return (random) => {
    const target = random.next() * total;
    for (let i = 0; i < cumulative.length; i++) if (target < cumulative[i]) return entries[i][0];
    return entries[entries.length - 1][0];
  };
}

// --- Word lists ---

const FOLDS: Record<string, string> = { æ: "ae", ø: "o", å: "a" };

/** Lower-case ASCII without spaces, for domains and e-mail local parts. */
function asciiFold(value: string): string {
  return value
    .toLowerCase()
    .replace(/[æøå]/g, (char) => FOLDS[char])
    .normalize("NFD")
    .replace(/[^a-z0-9]/g, "");
}

interface CityInfo {
  city: string;
  postalCode: (random: Random) => string;
}

const norwegianPostal =
  (from: number, to: number) =>
  (random: Random): string =>
    String(random.int(from, to)).padStart(4, "0");

// Letters Royal Mail uses in the inward part of a postcode.
const INWARD_LETTERS = "ABDEFGHJLNPQRSTUWXYZ".split("");
const ukPostal =
  (districts: readonly string[]) =>
  (random: Random): string =>
    `${random.pick(districts)} ${random.int(1, 9)}${random.pick(INWARD_LETTERS)}${random.pick(INWARD_LETTERS)}`;

type WeightedCities = readonly (readonly [CityInfo, number])[];

// Weighted roughly by population, with postal codes from each city's real range.
const norwegianCities: WeightedCities = [
  [{ city: "Oslo", postalCode: norwegianPostal(150, 1295) }, 30],
  [{ city: "Bergen", postalCode: norwegianPostal(5003, 5099) }, 14],
  [{ city: "Trondheim", postalCode: norwegianPostal(7010, 7099) }, 10],
  [{ city: "Stavanger", postalCode: norwegianPostal(4005, 4049) }, 9],
  [{ city: "Tromsø", postalCode: norwegianPostal(9006, 9020) }, 5],
  [{ city: "Kristiansand", postalCode: norwegianPostal(4608, 4639) }, 5],
  [{ city: "Ålesund", postalCode: norwegianPostal(6002, 6018) }, 4],
  [{ city: "Bodø", postalCode: norwegianPostal(8003, 8029) }, 3],
  [{ city: "Drammen", postalCode: norwegianPostal(3011, 3048) }, 5],
  [{ city: "Fredrikstad", postalCode: norwegianPostal(1601, 1640) }, 5],
];

const ukCities: WeightedCities = [
  [
    {
      city: "London",
      postalCode: ukPostal(["EC1A", "EC2V", "EC3M", "EC4M", "WC1E", "WC2H", "W1T", "W1F", "SE1", "SW1A", "N1", "E1"]),
    },
    50,
  ],
  [{ city: "Manchester", postalCode: ukPostal(["M1", "M2", "M3", "M4", "M15"]) }, 20],
  [{ city: "Leeds", postalCode: ukPostal(["LS1", "LS2", "LS6", "LS11"]) }, 15],
  [{ city: "Edinburgh", postalCode: ukPostal(["EH1", "EH2", "EH3", "EH6", "EH8"]) }, 15],
];

type BusinessWord = readonly [word: string, industry: string];

interface CountryProfile {
  country: DemoCountry;
  prefixes: readonly string[];
  businessWords: readonly BusinessWord[];
  cities: WeightedCities;
  streets: readonly string[];
  listedSuffix: string;
  suffix: string;
  listedShare: number;
  topLevelDomain: string;
  companyMailbox: string;
  firstNames: readonly string[];
  lastNames: readonly string[];
  mailDomains: readonly string[];
  titles: readonly string[];
  leaderTitles: readonly string[];
}

const norway: CountryProfile = {
  country: "Norway",
  prefixes: [
    "Fjord",
    "Fjordkraft",
    "Nordlys",
    "Vest",
    "Berg",
    "Havblikk",
    "Polar",
    "Skog",
    "Midnatt",
    "Kyst",
    "Viken",
    "Trønder",
    "Nord",
    "Sør",
    "Øst",
    "Fjell",
    "Bølge",
    "Solstrand",
    "Elv",
    "Lyng",
    "Tind",
    "Bjørk",
    "Furu",
    "Isbre",
    "Stjerne",
    "Havørn",
    "Ærfugl",
    "Lofoten",
    "Hardanger",
    "Romsdal",
    "Vidde",
    "Nordkapp",
    "Morild",
    "Sølvberg",
  ],
  businessWords: [
    ["Bygg", "construction"],
    ["Entreprenør", "construction"],
    ["Anlegg", "construction"],
    ["Eiendom", "real_estate"],
    ["Bolig", "real_estate"],
    ["Regnskap", "accounting"],
    ["Revisjon", "accounting"],
    ["Transport", "transport"],
    ["Logistikk", "transport"],
    ["Frakt", "transport"],
    ["Teknologi", "technology"],
    ["Data", "technology"],
    ["Solutions", "technology"],
    ["Analytics", "technology"],
    ["Rådgivning", "consulting"],
    ["Consulting", "consulting"],
    ["Marine", "maritime"],
    ["Sjømat", "maritime"],
    ["Havbruk", "maritime"],
    ["Kraft", "energy"],
    ["Energi", "energy"],
    ["Handel", "retail"],
    ["Helse", "healthcare"],
    ["Omsorg", "healthcare"],
    ["Reiseliv", "hospitality"],
    ["Hotell", "hospitality"],
    ["Industri", "manufacturing"],
    ["Verksted", "manufacturing"],
    ["Finans", "finance"],
    ["Kapital", "finance"],
    ["Media", "media"],
    ["Kommunikasjon", "media"],
  ],
  cities: norwegianCities,
  streets: [
    "Storgata",
    "Kirkegata",
    "Kongens gate",
    "Dronningens gate",
    "Strandgata",
    "Havnegata",
    "Sjøgata",
    "Torggata",
    "Nygata",
    "Parkveien",
    "Skolegata",
    "Jernbanegata",
    "Industriveien",
    "Fjordveien",
    "Løkkeveien",
    "Åsveien",
    "Bryggegata",
    "Øvre Slottsgate",
    "Tollbugata",
    "Fabrikkveien",
  ],
  suffix: "AS",
  listedSuffix: "ASA",
  listedShare: 0.05,
  topLevelDomain: "no",
  companyMailbox: "post",
  firstNames: [
    "Ola",
    "Kari",
    "Øystein",
    "Åse",
    "Bjørn",
    "Ingrid",
    "Håkon",
    "Sigrid",
    "Lars",
    "Solveig",
    "Per",
    "Anne",
    "Jan",
    "Marit",
    "Knut",
    "Liv",
    "Terje",
    "Hilde",
    "Geir",
    "Gro",
    "Ørjan",
    "Tone",
    "Eirik",
    "Silje",
    "Jørgen",
    "Ragnhild",
    "Trond",
    "Astrid",
    "Sindre",
    "Mari",
    "Magnus",
    "Nora",
    "Emil",
    "Ida",
    "Tobias",
    "Ingeborg",
    "Åsmund",
    "Kjersti",
    "Stian",
    "Tuva",
    "Sæmund",
    "Bodil",
  ],
  lastNames: [
    "Hansen",
    "Johansen",
    "Olsen",
    "Larsen",
    "Andersen",
    "Pedersen",
    "Nilsen",
    "Kristiansen",
    "Jensen",
    "Karlsen",
    "Johnsen",
    "Pettersen",
    "Eriksen",
    "Berg",
    "Haugen",
    "Hagen",
    "Johannessen",
    "Andreassen",
    "Jacobsen",
    "Dahl",
    "Jørgensen",
    "Halvorsen",
    "Henriksen",
    "Lund",
    "Sørensen",
    "Strand",
    "Moen",
    "Solberg",
    "Bakke",
    "Ødegård",
    "Sæther",
    "Næss",
    "Bråthen",
    "Løken",
    "Aasen",
  ],
  mailDomains: ["gmail.com", "outlook.com", "online.no", "hotmail.com", "icloud.com"],
  titles: [
    "Daglig leder",
    "Økonomisjef",
    "Salgssjef",
    "Innkjøpsansvarlig",
    "Prosjektleder",
    "Markedssjef",
    "HR-sjef",
    "IT-sjef",
    "Driftsleder",
    "Kundeansvarlig",
    "Regnskapsfører",
    "Rådgiver",
    "Konsulent",
    "Avdelingsleder",
    "Teknisk sjef",
    "Kontorleder",
  ],
  leaderTitles: ["Daglig leder", "Administrerende direktør"],
};

const unitedKingdom: CountryProfile = {
  country: "United Kingdom",
  prefixes: [
    "Harbour",
    "Thames",
    "Pennine",
    "Highland",
    "Albion",
    "Oakwood",
    "Kingsbridge",
    "Riverside",
    "Northgate",
    "Clyde",
    "Mersey",
    "Cotswold",
    "Bramble",
    "Granite",
    "Ashford",
    "Westbury",
    "Lakeland",
    "Tyne",
    "Severn",
    "Cheviot",
    "Heather",
    "Brunel",
  ],
  businessWords: [
    ["Construction", "construction"],
    ["Builders", "construction"],
    ["Properties", "real_estate"],
    ["Estates", "real_estate"],
    ["Accountants", "accounting"],
    ["Logistics", "transport"],
    ["Freight", "transport"],
    ["Technology", "technology"],
    ["Software", "technology"],
    ["Solutions", "technology"],
    ["Analytics", "technology"],
    ["Consulting", "consulting"],
    ["Advisory", "consulting"],
    ["Marine", "maritime"],
    ["Energy", "energy"],
    ["Power", "energy"],
    ["Retail", "retail"],
    ["Trading", "retail"],
    ["Health", "healthcare"],
    ["Care", "healthcare"],
    ["Hotels", "hospitality"],
    ["Engineering", "manufacturing"],
    ["Manufacturing", "manufacturing"],
    ["Capital", "finance"],
    ["Finance", "finance"],
    ["Media", "media"],
    ["Communications", "media"],
  ],
  cities: ukCities,
  streets: [
    "High Street",
    "Station Road",
    "Church Lane",
    "King Street",
    "Queen Street",
    "Victoria Road",
    "Mill Lane",
    "Park Road",
    "George Street",
    "Market Street",
    "Princes Street",
    "Bridge Street",
    "Albion Street",
    "London Road",
    "Deansgate",
  ],
  suffix: "Ltd",
  listedSuffix: "PLC",
  listedShare: 0.08,
  topLevelDomain: "co.uk",
  companyMailbox: "info",
  firstNames: [
    "James",
    "Emily",
    "Oliver",
    "Charlotte",
    "Harry",
    "Amelia",
    "George",
    "Olivia",
    "William",
    "Sophie",
    "Thomas",
    "Jessica",
    "Jack",
    "Lucy",
    "Daniel",
    "Hannah",
    "Samuel",
    "Grace",
    "Matthew",
    "Chloe",
  ],
  lastNames: [
    "Smith",
    "Jones",
    "Taylor",
    "Brown",
    "Williams",
    "Wilson",
    "Johnson",
    "Davies",
    "Robinson",
    "Wright",
    "Evans",
    "Thomas",
    "Roberts",
    "Walker",
    "Hughes",
    "Green",
    "Hall",
    "Clarke",
    "Wood",
    "Thompson",
  ],
  mailDomains: ["gmail.com", "outlook.com", "btinternet.com", "yahoo.co.uk", "icloud.com"],
  titles: [
    "CEO",
    "CFO",
    "COO",
    "Managing Director",
    "Head of Sales",
    "Account Manager",
    "Project Manager",
    "Marketing Manager",
    "Procurement Manager",
    "Financial Controller",
    "HR Manager",
    "Operations Director",
    "Office Manager",
    "Consultant",
    "Software Engineer",
  ],
  leaderTitles: ["CEO", "Managing Director", "Founder"],
};

// Every local part used in e-mails, by id; ids make the uniqueness counters cheap number-keyed lookups.
const localParts: string[] = [];
const localPartIds = new Map<string, number>();
// Shared free-mail domains, by id (gmail.com serves both countries).
const commonMailDomains: string[] = [];
const commonMailDomainIds = new Map<string, number>();

function idOf(value: string, ids: Map<string, number>, values: string[]): number {
  let id = ids.get(value);
  if (id === undefined) {
    id = values.length;
    values.push(value);
    ids.set(value, id);
  }
  return id;
}

interface PreparedProfile extends CountryProfile {
  id: number;
  pickCityIndex: (random: Random) => number;
  foldedCities: string[];
  /** Folded prefix + business word, at prefix * businessWords.length + business; shared strings hash only once. */
  plainKeys: string[];
  /** Local part id, at firstName * lastNames.length + lastName. */
  localIds: number[];
  mailDomainIds: number[];
}

function prepare(id: number, profile: CountryProfile): PreparedProfile {
  const plainKeys = profile.prefixes.flatMap((prefix) =>
    profile.businessWords.map(([word]) => asciiFold(prefix) + asciiFold(word)),
  );
  const localIds = profile.firstNames.flatMap((first) =>
    profile.lastNames.map((last) => idOf(`${asciiFold(first)}.${asciiFold(last)}`, localPartIds, localParts)),
  );
  return {
    ...profile,
    id,
    pickCityIndex: weighted(profile.cities.map(([, weight], index) => [index, weight] as const)),
    foldedCities: profile.cities.map(([{ city }]) => asciiFold(city)),
    plainKeys,
    localIds,
    mailDomainIds: profile.mailDomains.map((domain) => idOf(domain, commonMailDomainIds, commonMailDomains)),
  };
}

const norwegianProfile = prepare(0, norway);
const ukProfile = prepare(1, unitedKingdom);

const industryActivities: Record<string, string> = {
  construction: "builds and renovates commercial and residential buildings",
  real_estate: "develops and manages commercial property",
  accounting: "provides accounting, payroll and audit services to small and medium-sized businesses",
  transport: "runs freight and distribution services",
  technology: "builds software and cloud services for businesses",
  consulting: "advises companies on strategy, organisation and digital change",
  maritime: "supplies services and equipment to the maritime and seafood industries",
  energy: "develops and operates renewable energy projects",
  retail: "runs shops and an online store for consumer goods",
  healthcare: "provides private health and care services",
  hospitality: "operates hotels, restaurants and guided tours",
  manufacturing: "manufactures industrial components and machinery",
  finance: "offers financing, insurance and investment services",
  media: "produces content and campaigns for brands and public organisations",
};

const pickPrimaryRole = weighted([
  ["employee", 55],
  ["contact_person", 30],
  ["consultant", 5],
  ["owner", 4],
  ["board_member", 3],
  ["chair", 3],
] as const);

// A second company is usually a board seat or an advisory role, not a second job.
const pickSecondaryRole = weighted([
  ["board_member", 35],
  ["consultant", 25],
  ["contact_person", 15],
  ["owner", 10],
  ["chair", 10],
  ["employee", 5],
] as const);

const SECOND_COMPANY_SHARE = 0.15;
const NORWEGIAN_COMPANY_SHARE = 0.8;
const NORWEGIAN_CONTACT_SHARE = 0.75;
// Contacts mostly share their (first) company's country; 0.8 * 0.9 + 0.2 * 0.1 keeps them at ~75 % Norwegian.
const SAME_COUNTRY_SHARE = 0.9;

// --- Companies ---

interface NameState {
  /** Word and city keys handed out; guards against two word pairs folding to the same key (and domain). */
  used: Set<string>;
  /** Last number handed out per plain key, so numbering never rescans. */
  counters: Map<string, number>;
  /** Per profile id: combinations (and combinations with a city) tried, so most checks skip string hashing. */
  plainTried: Uint8Array[];
  cityTried: Uint8Array[];
}

function createNameState(): NameState {
  const profiles = [norwegianProfile, ukProfile];
  return {
    used: new Set(),
    counters: new Map(),
    plainTried: profiles.map((profile) => new Uint8Array(profile.plainKeys.length)),
    cityTried: profiles.map((profile) => new Uint8Array(profile.plainKeys.length * profile.cities.length)),
  };
}

function claim(used: Set<string>, key: string): boolean {
  if (used.has(key)) return false;
  used.add(key);
  return true;
}

/** Picks a unique base name (no suffix) and its folded key, which is also the domain label. */
function uniqueBaseName(random: Random, profile: PreparedProfile, cityIndex: number, state: NameState) {
  const { prefixes, businessWords, plainKeys } = profile;
  const plainTried = state.plainTried[profile.id];
  let combination = 0;
  let prefix = "";
  let word = "";
  let industry = "";
  for (let attempt = 0; attempt < 4; attempt++) {
    const prefixIndex = random.int(0, prefixes.length - 1);
    const wordIndex = random.int(0, businessWords.length - 1);
    combination = prefixIndex * businessWords.length + wordIndex;
    prefix = prefixes[prefixIndex];
    [word, industry] = businessWords[wordIndex];
    if (plainTried[combination]) continue;
    plainTried[combination] = 1;
    if (claim(state.used, plainKeys[combination]))
      return { base: `${prefix} ${word}`, key: plainKeys[combination], industry };
  }
  const plainKey = plainKeys[combination];
  const slot = combination * profile.cities.length + cityIndex;
  if (!state.cityTried[profile.id][slot]) {
    state.cityTried[profile.id][slot] = 1;
    const key = plainKey + profile.foldedCities[cityIndex];
    if (claim(state.used, key))
      return { base: `${prefix} ${word} ${profile.cities[cityIndex][0].city}`, key, industry };
  }
  // Word combinations run out for large data sets; a number is the last resort. Word keys hold no digits, so a
  // numbered key cannot match one, and the per-key counter keeps numbered keys apart.
  const n = (state.counters.get(plainKey) ?? 1) + 1;
  state.counters.set(plainKey, n);
  return { base: `${prefix} ${word} ${n}`, key: plainKey + n, industry };
}

// Number keys: a Set of fresh strings costs a hash per lookup, which shows at 100,000 companies.
function organisationNumber(random: Random, country: DemoCountry, used: Set<number>): string {
  for (;;) {
    let value: number;
    if (country === "Norway") {
      // Norwegian organisation numbers start with 8 or 9.
      const body = random.int(80_000_000, 99_999_999);
      const check = mod11CheckDigit(String(body));
      if (check < 0) continue;
      value = body * 10 + check;
    } else {
      value = random.int(1_000_000, 16_999_999);
    }
    if (!used.has(value)) {
      used.add(value);
      return country === "Norway" ? String(value) : String(value).padStart(8, "0");
    }
  }
}

function employeeCount(random: Random, listed: boolean): number {
  if (listed) return random.int(200, 5000);
  // Squaring a uniform draw in log space gives mostly small firms and a long tail up to 5000.
  const r = random.next();
  return Math.min(5000, Math.max(1, Math.round(Math.exp(r * r * Math.log(5000)))));
}

function describeCompany(random: Random, name: string, industry: string, city: string, employees: number): string {
  const activity = industryActivities[industry];
  switch (random.int(0, 3)) {
    case 0:
      return `${name} ${activity} from its office in ${city}.`;
    case 1:
      return `Based in ${city}, ${name} ${activity}.`;
    case 2: {
      const size = employees < 10 ? "small" : employees < 50 ? "growing" : employees < 250 ? "mid-sized" : "large";
      return `${name} is a ${size} company that ${activity}.`;
    }
    default:
      return `Founded in ${random.int(1950, 2022)}, ${name} ${activity}.`;
  }
}

function streetAddress(random: Random, profile: PreparedProfile): string {
  const street = random.pick(profile.streets);
  const number = random.int(1, 120);
  if (profile.country === "United Kingdom") return `${number} ${street}`;
  return random.chance(0.1) ? `${street} ${number}${random.pick(["A", "B", "C"])}` : `${street} ${number}`;
}

function generateCompany(
  random: Random,
  names: NameState,
  orgNumbers: Set<number>,
): { company: DemoCompany; domain: string } {
  const profile = random.chance(NORWEGIAN_COMPANY_SHARE) ? norwegianProfile : ukProfile;
  const cityIndex = profile.pickCityIndex(random);
  const cityInfo = profile.cities[cityIndex][0];
  const { base, key, industry } = uniqueBaseName(random, profile, cityIndex, names);
  const listed = random.chance(profile.listedShare);
  const name = `${base} ${listed ? profile.listedSuffix : profile.suffix}`;
  const domain = `${key}.${profile.topLevelDomain}`;
  const employees = employeeCount(random, listed);
  const phone =
    profile.country === "Norway"
      ? `+47 2${random.digits(1)} ${random.digits(2)} ${random.digits(2)} ${random.digits(2)}`
      : `+44 20 ${random.digits(4)} ${random.digits(4)}`;
  const company: DemoCompany = {
    name,
    organisationNumber: organisationNumber(random, profile.country, orgNumbers),
    email: `${profile.companyMailbox}@${domain}`,
    phone,
    website: `https://www.${domain}`,
    address: streetAddress(random, profile),
    city: cityInfo.city,
    postalCode: cityInfo.postalCode(random),
    country: profile.country,
    industry,
    employees,
    description: describeCompany(random, name, industry, cityInfo.city, employees),
  };
  return { company, domain };
}

// --- Contacts ---

const THIRTY_DAY_MONTHS = new Set([4, 6, 9, 11]);

function birthDate(random: Random): string {
  const year = random.int(1955, 2003);
  const month = random.int(1, 12);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 ? (leap ? 29 : 28) : THIRTY_DAY_MONTHS.has(month) ? 30 : 31;
  const day = random.int(1, days);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function mobileNumber(random: Random, country: DemoCountry): string {
  if (country === "United Kingdom") return `+44 7${random.digits(3)} ${random.digits(6)}`;
  // Norwegian mobile numbers start with 4 or 9.
  return `+47 ${random.chance(0.5) ? 4 : 9}${random.digits(2)} ${random.digits(2)} ${random.digits(3)}`;
}

function profileFor(country: DemoCountry): PreparedProfile {
  return country === "Norway" ? norwegianProfile : ukProfile;
}

function otherCountry(country: DemoCountry): DemoCountry {
  return country === "Norway" ? "United Kingdom" : "Norway";
}

/**
 * Generates demo companies, contacts and links. The same options always give the same data (the seed defaults to 1
 * and is truncated to an integer); companies use their own random stream, so asking for more companies keeps the
 * first ones unchanged.
 */
export function generateDemoData(options: { companies: number; contacts: number; seed?: number }): {
  companies: DemoCompany[];
  contacts: DemoContact[];
  links: DemoLink[];
} {
  const { companies: companyCount, contacts: contactCount, seed = 1 } = options;
  for (const [label, value] of [
    ["companies", companyCount],
    ["contacts", contactCount],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${label} must be a non-negative integer`);
  }
  if (!Number.isFinite(seed)) throw new RangeError("seed must be a finite number");

  const root = createRandom(Math.trunc(seed));
  const streamSeed = () => Math.floor(root.next() * 4294967296);
  const companyRandom = createRandom(streamSeed());
  const contactRandom = createRandom(streamSeed());
  const linkRandom = createRandom(streamSeed());

  const names = createNameState();
  const orgNumbers = new Set<number>();
  const companies: DemoCompany[] = new Array(companyCount);
  const companyDomains: string[] = new Array(companyCount);
  for (let i = 0; i < companyCount; i++) {
    const { company, domain } = generateCompany(companyRandom, names, orgNumbers);
    companies[i] = company;
    companyDomains[i] = domain;
  }

  const contacts: DemoContact[] = new Array(contactCount);
  const links: DemoLink[] = [];
  // Times each local part was used per domain, keyed by domain id * localParts.length + local part id. Domain ids are
  // company indices, then companyCount + common domain id.
  const emailUses = new Map<number, number>();
  const hasChair = new Uint8Array(companyCount);
  const guaranteed = Math.min(companyCount, contactCount);

  const linkRole = (companyIndex: number, pick: (random: Random) => string): string => {
    let role = pick(linkRandom);
    // One chair per board.
    if (role === "chair") {
      if (hasChair[companyIndex]) role = "board_member";
      else hasChair[companyIndex] = 1;
    }
    return role;
  };

  for (let i = 0; i < contactCount; i++) {
    // The first contacts cover the first companies one each, so every company below the minimum has someone.
    const primary = companyCount === 0 ? -1 : i < guaranteed ? i : linkRandom.int(0, companyCount - 1);
    const company = primary >= 0 ? companies[primary] : undefined;
    const country = company
      ? contactRandom.chance(SAME_COUNTRY_SHARE)
        ? company.country
        : otherCountry(company.country)
      : contactRandom.chance(NORWEGIAN_CONTACT_SHARE)
        ? "Norway"
        : "United Kingdom";
    const profile = profileFor(country);

    let primaryRole = "";
    if (company) {
      primaryRole = linkRole(primary, pickPrimaryRole);
      links.push({ companyIndex: primary, contactIndex: i, role: primaryRole });
      if (companyCount > 1 && linkRandom.chance(SECOND_COMPANY_SHARE)) {
        // Draw from the other companies only, so the same pair never appears twice.
        let secondary = linkRandom.int(0, companyCount - 2);
        if (secondary >= primary) secondary++;
        links.push({ companyIndex: secondary, contactIndex: i, role: linkRole(secondary, pickSecondaryRole) });
      }
    }

    const first = contactRandom.int(0, profile.firstNames.length - 1);
    const last = contactRandom.int(0, profile.lastNames.length - 1);
    const localId = profile.localIds[first * profile.lastNames.length + last];
    let domain: string;
    let domainId: number;
    if (company && contactRandom.chance(0.7)) {
      domain = companyDomains[primary];
      domainId = primary;
    } else {
      const common = profile.mailDomainIds[contactRandom.int(0, profile.mailDomainIds.length - 1)];
      domain = commonMailDomains[common];
      domainId = companyCount + common;
    }
    const useKey = domainId * localParts.length + localId;
    const uses = (emailUses.get(useKey) ?? 0) + 1;
    emailUses.set(useKey, uses);
    // Local parts are letters and a dot, so a number suffix can never collide with another name.
    const email = `${localParts[localId]}${uses > 1 ? uses : ""}@${domain}`;
    const mobile = mobileNumber(contactRandom, country);
    const leads = primaryRole === "owner" || primaryRole === "chair";
    const title =
      leads && contactRandom.chance(0.6)
        ? contactRandom.pick(profile.leaderTitles)
        : contactRandom.pick(profile.titles);
    const city =
      company && company.country === country && contactRandom.chance(0.6)
        ? company.city
        : profile.cities[profile.pickCityIndex(contactRandom)][0].city;

    contacts[i] = {
      firstName: profile.firstNames[first],
      lastName: profile.lastNames[last],
      email,
      mobile,
      title,
      birthDate: birthDate(contactRandom),
      city,
      country,
    };
  }

  return { companies, contacts, links };
}
