import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import { type BulkFormat, neutralizeCell } from "../contract/bulk-data.ts";
import { type FieldDefinition, LONG_TEXT_MAX, NUMBER_MAX, TEXT_MAX, URL_MAX } from "../contract/fields.ts";
import type { EntityMetadata } from "../records/metadata.repository.ts";
import { headerOf, importableFields, type Language } from "./cells.ts";

/** Rows of a template that get the List columns' drop-downs and the Date columns' format. */
export const TEMPLATE_ROWS = 1000;
/** Excel refuses an inline list (its formula) longer than this. */
const INLINE_LIST_MAX = 255;
/** Marks a required column's header; the import's matcher ignores it. */
export const REQUIRED_MARK = " *";

const texts = {
  en: {
    explanation: "Explanation",
    column: "Column",
    type: "Type",
    required: "Required",
    unique: "Unique",
    rules: "Rules",
    yes: "Yes",
    no: "No",
    maxLength: (n: number) => `At most ${n} characters`,
    minLength: (n: number) => `At least ${n} characters`,
    between: (min: string, max: string) => `From ${min} to ${max}`,
    options: (list: string) => `One of: ${list}`,
    optionsMany: (list: string) => `One or more of, separated by commas: ${list}`,
    date: "A date cell, or YYYY-MM-DD or DD.MM.YYYY",
    dateTime: "A date cell, or YYYY-MM-DDTHH:MM:SSZ",
    percent: "A percent cell, or 25%",
    bool: "Yes or no (true/false)",
    email: "An e-mail address",
    url: "A web address",
    uniqueHint: "No two records may hold the same value",
  },
  nb: {
    explanation: "Forklaring",
    column: "Kolonne",
    type: "Type",
    required: "Påkrevd",
    unique: "Unik",
    rules: "Regler",
    yes: "Ja",
    no: "Nei",
    maxLength: (n: number) => `Høyst ${n} tegn`,
    minLength: (n: number) => `Minst ${n} tegn`,
    between: (min: string, max: string) => `Fra ${min} til ${max}`,
    options: (list: string) => `Én av: ${list}`,
    optionsMany: (list: string) => `Én eller flere, skilt med komma: ${list}`,
    date: "En datocelle, eller ÅÅÅÅ-MM-DD eller DD.MM.ÅÅÅÅ",
    dateTime: "En datocelle, eller ÅÅÅÅ-MM-DDTTT:MM:SSZ",
    percent: "En prosentcelle, eller 25%",
    bool: "Ja eller nei (true/false)",
    email: "En e-postadresse",
    url: "En nettadresse",
    uniqueHint: "To poster kan ikke ha samme verdi",
  },
} as const;

function optionLabels(field: FieldDefinition, language: Language): string[] {
  return (field.settings.options ?? []).map((option) => (language === "nb" ? option.labelNb : option.labelEn));
}

/** The rules of a column, in words. */
function rulesOf(field: FieldDefinition, language: Language): string {
  const t = texts[language];
  const rules: string[] = [];
  const { minLength, maxLength, minValue, maxValue } = field.settings;
  switch (field.type) {
    case "Text":
    case "Phone":
    case "LongText":
      rules.push(t.maxLength(maxLength ?? (field.type === "LongText" ? LONG_TEXT_MAX : TEXT_MAX)));
      if (minLength !== undefined) rules.push(t.minLength(minLength));
      break;
    case "Email":
      rules.push(t.email, t.maxLength(TEXT_MAX));
      break;
    case "Url":
      rules.push(t.url, t.maxLength(URL_MAX));
      break;
    case "Number":
      rules.push(t.between(String(minValue ?? -NUMBER_MAX), String(maxValue ?? NUMBER_MAX)));
      break;
    case "Percent":
      rules.push(t.percent);
      if (minValue !== undefined || maxValue !== undefined) {
        rules.push(t.between(`${(minValue ?? 0) * 100}%`, maxValue === undefined ? "" : `${maxValue * 100}%`));
      }
      break;
    case "Date":
      rules.push(t.date);
      if (field.settings.from || field.settings.to)
        rules.push(t.between(field.settings.from ?? "", field.settings.to ?? ""));
      break;
    case "DateTime":
      rules.push(t.dateTime);
      break;
    case "Bool":
      rules.push(t.bool);
      break;
    case "List":
      rules.push(t.options(optionLabels(field, language).join(", ")));
      break;
    case "MultiSelect":
      rules.push(t.optionsMany(optionLabels(field, language).join(", ")));
      break;
  }
  if (field.unique) rules.push(t.uniqueHint);
  return rules.join(". ");
}

export function templateHeader(field: FieldDefinition, language: Language): string {
  return `${headerOf(field, language)}${field.required ? REQUIRED_MARK : ""}`;
}

function columnLetter(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** The entity's import template: `described` carries its fields' options (records.service `withOptions`). */
export async function buildTemplate(
  described: EntityMetadata,
  language: Language,
  format: BulkFormat,
): Promise<Buffer> {
  const fields = importableFields(described);
  // Labels are typed by administrators: one that would start a formula is neutralised, as in an export.
  const header = fields.map((field) => neutralizeCell(templateHeader(field, language)));
  if (format === "csv") return Buffer.from(stringify([header], { bom: true, quoted_match: /[\r\n]/ }));

  const t = texts[language];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(language === "nb" ? described.pluralNb : described.pluralEn);
  const explanation = workbook.addWorksheet(t.explanation);
  // Long option lists live on a hidden sheet, which a drop-down names as a range.
  let lists: ExcelJS.Worksheet | undefined;
  let listColumns = 0;

  sheet.addRow(header).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  const validations = (
    sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }
  ).dataValidations;
  fields.forEach((field, index) => {
    const letter = columnLetter(index);
    const column = sheet.getColumn(index + 1);
    column.width = Math.min(40, Math.max(12, header[index].length + 2));
    const range = `${letter}2:${letter}${TEMPLATE_ROWS + 1}`;
    if (field.type === "Date") column.numFmt = "yyyy-mm-dd";
    if (field.type === "DateTime") column.numFmt = "yyyy-mm-dd hh:mm";
    if (field.type === "Percent") column.numFmt = "0%";
    if ((field.type === "List" || field.type === "MultiSelect") && field.settings.options?.length) {
      const labels = optionLabels(field, language);
      const inline = `"${labels.join(",")}"`;
      let formula = inline;
      if (inline.length > INLINE_LIST_MAX || labels.some((label) => /[",]/.test(label))) {
        lists ??= workbook.addWorksheet("Lists", { state: "hidden" });
        const listSheet = lists;
        listColumns += 1;
        const listLetter = columnLetter(listColumns - 1);
        labels.forEach((label, row) => {
          listSheet.getCell(`${listLetter}${row + 1}`).value = label;
        });
        formula = `Lists!$${listLetter}$1:$${listLetter}$${labels.length}`;
      }
      validations.add(range, {
        type: "list",
        allowBlank: true,
        formulae: [formula],
        // Several options go in one MultiSelect cell, which a drop-down alone cannot make: it only suggests.
        showErrorMessage: field.type === "List",
        errorStyle: "stop",
      });
    }
  });

  explanation.addRow([t.column, t.type, t.required, t.unique, t.rules]).font = { bold: true };
  for (const field of fields) {
    explanation.addRow([
      header[fields.indexOf(field)],
      field.type,
      field.required ? t.yes : t.no,
      field.unique ? t.yes : t.no,
      rulesOf(field, language),
    ]);
  }
  [30, 14, 10, 10, 80].forEach((width, index) => {
    explanation.getColumn(index + 1).width = width;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
