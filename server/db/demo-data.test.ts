import { describe, expect, it } from "vitest";
import {
  type DemoLink,
  generateDemoData,
  industryOptions,
  isValidOrganisationNumber,
  linkRoleOptions,
} from "./demo-data.ts";

const NORWEGIAN_CITIES = [
  "Oslo",
  "Bergen",
  "Trondheim",
  "Stavanger",
  "Tromsø",
  "Kristiansand",
  "Ålesund",
  "Bodø",
  "Drammen",
  "Fredrikstad",
];
const UK_CITIES = ["London", "Manchester", "Leeds", "Edinburgh"];

function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

function checkLinks(links: DemoLink[], companyCount: number, contactCount: number) {
  const pairs = new Set<string>();
  const perContact = new Map<number, number>();
  const roles = new Set(linkRoleOptions.map((option) => option.value));
  for (const link of links) {
    expect(link.companyIndex).toBeGreaterThanOrEqual(0);
    expect(link.companyIndex).toBeLessThan(companyCount);
    expect(link.contactIndex).toBeGreaterThanOrEqual(0);
    expect(link.contactIndex).toBeLessThan(contactCount);
    expect(roles.has(link.role)).toBe(true);
    const pair = `${link.companyIndex}:${link.contactIndex}`;
    expect(pairs.has(pair)).toBe(false);
    pairs.add(pair);
    perContact.set(link.contactIndex, (perContact.get(link.contactIndex) ?? 0) + 1);
  }
  if (companyCount > 0) {
    for (let i = 0; i < contactCount; i++) expect([1, 2]).toContain(perContact.get(i));
  }
  const linkedCompanies = new Set(links.map((link) => link.companyIndex));
  for (let i = 0; i < Math.min(companyCount, contactCount); i++) expect(linkedCompanies.has(i)).toBe(true);
}

describe("isValidOrganisationNumber", () => {
  it("accepts numbers with a correct MOD11 check digit", () => {
    expect(isValidOrganisationNumber("923609016")).toBe(true);
    expect(isValidOrganisationNumber("974760673")).toBe(true);
  });

  it("rejects a wrong check digit and malformed input", () => {
    expect(isValidOrganisationNumber("923609017")).toBe(false);
    expect(isValidOrganisationNumber("92360901")).toBe(false);
    expect(isValidOrganisationNumber("9236090160")).toBe(false);
    expect(isValidOrganisationNumber("923 609 016")).toBe(false);
    expect(isValidOrganisationNumber("abcdefghi")).toBe(false);
    expect(isValidOrganisationNumber("")).toBe(false);
  });
});

describe("generateDemoData", () => {
  const data = generateDemoData({ companies: 60, contacts: 150, seed: 42 });

  it("is deterministic per seed", () => {
    expect(generateDemoData({ companies: 60, contacts: 150, seed: 42 })).toEqual(data);
    expect(generateDemoData({ companies: 60, contacts: 150, seed: 43 })).not.toEqual(data);
    expect(generateDemoData({ companies: 5, contacts: 5 })).toEqual(generateDemoData({ companies: 5, contacts: 5 }));
  });

  it("keeps the first companies when more are requested", () => {
    const more = generateDemoData({ companies: 80, contacts: 10, seed: 42 });
    expect(more.companies.slice(0, 60)).toEqual(data.companies);
  });

  it("produces the requested counts", () => {
    expect(data.companies).toHaveLength(60);
    expect(data.contacts).toHaveLength(150);
    const empty = generateDemoData({ companies: 0, contacts: 0, seed: 1 });
    expect(empty).toEqual({ companies: [], contacts: [], links: [] });
  });

  it("rejects invalid counts", () => {
    expect(() => generateDemoData({ companies: -1, contacts: 1 })).toThrow(RangeError);
    expect(() => generateDemoData({ companies: 1, contacts: 1.5 })).toThrow(RangeError);
  });

  it("gives unique company names, domains and contact e-mails", () => {
    const big = generateDemoData({ companies: 3000, contacts: 6000, seed: 7 });
    expect(new Set(big.companies.map((company) => company.name)).size).toBe(3000);
    expect(new Set(big.companies.map((company) => company.website)).size).toBe(3000);
    expect(new Set(big.contacts.map((contact) => contact.email)).size).toBe(6000);
  });

  it("gives valid organisation numbers", () => {
    const { companies } = generateDemoData({ companies: 2000, contacts: 0, seed: 3 });
    for (const company of companies) {
      if (company.country === "Norway") expect(isValidOrganisationNumber(company.organisationNumber)).toBe(true);
      else expect(company.organisationNumber).toMatch(/^\d{8}$/);
    }
  });

  it("fills company fields in the expected formats", () => {
    const industries = new Set(industryOptions.map((option) => option.value));
    for (const company of data.companies) {
      const norwegian = company.country === "Norway";
      expect(company.name).toMatch(norwegian ? / ASA?$/ : / (Ltd|PLC)$/);
      expect(company.email).toMatch(norwegian ? /^post@[a-z0-9]+\.no$/ : /^info@[a-z0-9]+\.co\.uk$/);
      expect(company.website).toBe(`https://www.${company.email.split("@")[1]}`);
      expect(company.phone).toMatch(norwegian ? /^\+47 2\d \d{2} \d{2} \d{2}$/ : /^\+44 20 \d{4} \d{4}$/);
      expect(company.postalCode).toMatch(norwegian ? /^\d{4}$/ : /^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/);
      expect(norwegian ? NORWEGIAN_CITIES : UK_CITIES).toContain(company.city);
      expect(company.address).toMatch(/\d/);
      expect(industries.has(company.industry)).toBe(true);
      expect(Number.isInteger(company.employees)).toBe(true);
      expect(company.employees).toBeGreaterThanOrEqual(1);
      expect(company.employees).toBeLessThanOrEqual(5000);
      expect(company.description).toMatch(/^\p{Lu}.*\.$/u);
    }
  });

  it("fills contact fields in the expected formats", () => {
    for (const contact of data.contacts) {
      const norwegian = contact.country === "Norway";
      expect(contact.email).toMatch(/^[a-z]+\.[a-z]+\d*@[a-z0-9.]+$/);
      expect(contact.mobile).toMatch(norwegian ? /^\+47 [49]\d{2} \d{2} \d{3}$/ : /^\+44 7\d{3} \d{6}$/);
      expect(norwegian ? NORWEGIAN_CITIES : UK_CITIES).toContain(contact.city);
      expect(contact.title).not.toBe("");
    }
  });

  it("gives real birth dates between 1955 and 2003", () => {
    const { contacts } = generateDemoData({ companies: 10, contacts: 5000, seed: 11 });
    for (const contact of contacts) {
      expect(isRealDate(contact.birthDate)).toBe(true);
      const year = Number(contact.birthDate.slice(0, 4));
      expect(year).toBeGreaterThanOrEqual(1955);
      expect(year).toBeLessThanOrEqual(2003);
    }
  });

  it("links contacts to companies by the rules", () => {
    checkLinks(data.links, 60, 150);
    for (const [companies, contacts] of [
      [200, 50],
      [1, 20],
      [2, 2],
      [0, 10],
      [10, 0],
    ]) {
      const result = generateDemoData({ companies, contacts, seed: companies + contacts });
      checkLinks(result.links, companies, contacts);
      if (companies === 0 || contacts === 0) expect(result.links).toEqual([]);
    }
  });

  it("keeps the mix close to the intended shares", () => {
    const { companies, contacts, links } = generateDemoData({ companies: 2000, contacts: 4000, seed: 5 });
    const norwegianCompanies = companies.filter((company) => company.country === "Norway").length / 2000;
    expect(norwegianCompanies).toBeGreaterThan(0.75);
    expect(norwegianCompanies).toBeLessThan(0.85);
    const norwegianContacts = contacts.filter((contact) => contact.country === "Norway").length / 4000;
    expect(norwegianContacts).toBeGreaterThan(0.68);
    expect(norwegianContacts).toBeLessThan(0.82);
    const twoCompanies = links.length / 4000 - 1;
    expect(twoCompanies).toBeGreaterThan(0.1);
    expect(twoCompanies).toBeLessThan(0.2);
    const common = links.filter((link) => link.role === "employee" || link.role === "contact_person").length;
    expect(common / links.length).toBeGreaterThan(0.6);
  });

  it("uses Norwegian letters in some names", () => {
    const names = [
      ...data.companies.map((company) => company.name),
      ...data.contacts.flatMap((contact) => [contact.firstName, contact.lastName]),
    ];
    expect(names.some((name) => /[æøåÆØÅ]/.test(name))).toBe(true);
    expect(data.contacts.some((contact) => /[øØ]/.test(contact.firstName + contact.lastName))).toBe(true);
  });

  it("scales to 100,000 companies and 200,000 contacts", { timeout: 20_000 }, () => {
    const { companies, contacts, links } = generateDemoData({ companies: 100_000, contacts: 200_000, seed: 9 });
    expect(companies).toHaveLength(100_000);
    expect(contacts).toHaveLength(200_000);
    expect(new Set(companies.map((company) => company.name)).size).toBe(100_000);
    expect(new Set(companies.map((company) => company.website)).size).toBe(100_000);
    expect(new Set(contacts.map((contact) => contact.email)).size).toBe(200_000);
    const linked = new Uint8Array(100_000);
    for (const link of links) linked[link.companyIndex] = 1;
    expect(linked.every((value) => value === 1)).toBe(true);
  });
});
