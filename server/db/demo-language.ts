/**
 * The demo workspace's own names in the language it is made in (`DEMO_LANGUAGE`): its groups, saved queries, data
 * sources, widgets and dashboards are records its users could have named, so they are in one language, the
 * workspace's. Built-in roles are not among them: they are named in each viewer's language (contract/iam-texts.ts).
 */
export type DemoLanguage = "en" | "nb";

export const demoLanguages = ["en", "nb"] as const;

export interface DemoNames {
  groups: [string, string, string];
  customersInBergen: { name: string; description: string };
  largeCompanies: { name: string; description: string };
  companiesSource: { name: string; description: string };
  contactsSource: { name: string; description: string };
  widgets: {
    companies: string;
    perIndustry: string;
    perIndustrySeries: string;
    employeesByCity: string;
    employeesSeries: string;
    largest: string;
    contacts: string;
  };
  dashboards: { sales: string; companyContacts: string };
}

export const demoNames: Record<DemoLanguage, DemoNames> = {
  en: {
    groups: ["Sales", "Support", "Management"],
    customersInBergen: { name: "Customers in Bergen", description: "Companies in Bergen with their contacts" },
    largeCompanies: { name: "Large companies", description: "Companies with 100 employees or more, largest first" },
    companiesSource: { name: "Companies", description: "Every company with its city, industry and size" },
    contactsSource: { name: "Companies and contacts", description: "Each company's contacts" },
    widgets: {
      companies: "Companies",
      perIndustry: "Companies per industry",
      perIndustrySeries: "Companies",
      employeesByCity: "Employees by city",
      employeesSeries: "Employees",
      largest: "Largest companies",
      contacts: "Contacts",
    },
    dashboards: { sales: "Sales overview", companyContacts: "Company contacts" },
  },
  nb: {
    groups: ["Salg", "Kundestøtte", "Ledelse"],
    customersInBergen: { name: "Kunder i Bergen", description: "Firmaer i Bergen med kontaktene sine" },
    largeCompanies: { name: "Store firmaer", description: "Firmaer med 100 ansatte eller flere, største først" },
    companiesSource: { name: "Firmaer", description: "Alle firmaer med by, bransje og størrelse" },
    contactsSource: { name: "Firmaer og kontakter", description: "Kontaktene til hvert firma" },
    widgets: {
      companies: "Firmaer",
      perIndustry: "Firmaer per bransje",
      perIndustrySeries: "Firmaer",
      employeesByCity: "Ansatte per by",
      employeesSeries: "Ansatte",
      largest: "Største firmaer",
      contacts: "Kontakter",
    },
    dashboards: { sales: "Salgsoversikt", companyContacts: "Firmakontakter" },
  },
};
