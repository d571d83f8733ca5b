import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import type { NotificationDto } from "../../../server/contract/notifications.ts";
import en from "../../locales/en.ts";
import nb from "../../locales/nb.ts";
import { i18nextOptions } from "../../utils/i18n.ts";
import { notificationEntity, notificationText } from "./notification-text.ts";

const instance = i18next.createInstance();

beforeAll(async () => {
  await instance.init({
    ...i18nextOptions,
    lng: "en",
    resources: { en: { translation: en }, nb: { translation: nb } },
  });
});

function notification(overrides: Partial<NotificationDto>): NotificationDto {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    type: "record_assigned",
    record: { schemaKey: "crm", tableKey: "company", uuidKey: "x", name: "Fjord AS", readable: true },
    actor: { uuid: "a", firstName: "Ada", lastName: "Admin" },
    params: { entityEn: "Company", entityNb: "Firma" },
    createdAt: "2031-03-09T10:00:00.000Z",
    readAt: null,
    ...overrides,
  };
}

const text = (n: NotificationDto, language: "en" | "nb") =>
  notificationText(n, instance.getFixedT(language), { language, timeZone: "Europe/Oslo" });

describe("a notification's text", () => {
  it("says what happened, who did it and to which record, in either language", () => {
    expect(text(notification({}), "en")).toBe("Ada Admin assigned you to Fjord AS");
    expect(text(notification({}), "nb")).toBe("Ada Admin tildelte deg Fjord AS");
    const group = notification({ params: { group: "Salg" } });
    expect(text(group, "en")).toBe("Ada Admin assigned your group Salg to Fjord AS");
    const given = notification({ type: "work_item_assigned", record: { ...notification({}).record, name: "Ring" } });
    expect(text(given, "en")).toBe("Ada Admin assigned Ring to you");
    expect(text(given, "nb")).toBe("Ada Admin ga deg Ring");
  });

  it("names the changed fields in the page's language", () => {
    const changed = notification({
      type: "record_changed",
      params: {
        fields: [
          { key: "name", labelEn: "Company name", labelNb: "Firmanavn" },
          { key: "phone", labelEn: "Phone", labelNb: "Telefon" },
        ],
      },
    });
    expect(text(changed, "en")).toBe("Ada Admin changed Company name, Phone of Fjord AS");
    expect(text(changed, "nb")).toBe("Ada Admin endret Firmanavn, Telefon på Fjord AS");
    expect(text(notification({ type: "record_changed", params: {} }), "en")).toBe("Ada Admin changed Fjord AS");
  });

  it("reminds of due dates in the product's date formats, without an actor", () => {
    const overdue = notification({ type: "todo_overdue", actor: null, params: { dueDate: "2031-03-08" } });
    expect(text(overdue, "en")).toBe("Fjord AS is overdue: it was due March 08, 2031");
    expect(text(overdue, "nb")).toBe("Fjord AS har passert fristen: den var 8. mars 2031");
    expect(text(notification({ type: "todo_due_tomorrow", actor: null }), "nb")).toBe("Fjord AS har frist i morgen");
  });

  it("names the record's kind as it was named then", () => {
    expect(notificationEntity(notification({}), { language: "nb", timeZone: "UTC" })).toBe("Firma");
    expect(notificationEntity(notification({ params: {} }), { language: "en", timeZone: "UTC" })).toBe("");
  });
});
