import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, fromLocalInput, today, toLocalInput } from "./dates.ts";

const oslo = { language: "en", timeZone: "Europe/Oslo" } as const;
const osloNb = { language: "nb", timeZone: "Europe/Oslo" } as const;

describe("date display", () => {
  it("shows dates as MMMM DD, YYYY in English and D. MMMM YYYY in Norwegian", () => {
    expect(formatDate("2026-03-05", oslo)).toBe("March 05, 2026");
    expect(formatDate("2026-03-05", osloNb)).toBe("5. mars 2026");
    expect(formatDate("2026-11-23", osloNb)).toBe("23. november 2026");
  });

  it("shows a calendar date as the same day in every time zone", () => {
    for (const timeZone of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"]) {
      expect(formatDate("2026-01-01", { language: "en", timeZone })).toBe("January 01, 2026");
    }
  });

  it("shows date-times in the user's time zone, with a 12-hour clock in English and 24 hours in Norwegian", () => {
    const instant = "2026-11-22T17:05:00.000Z";
    expect(formatDateTime(instant, oslo)).toBe("November 22, 2026 06:05 PM");
    expect(formatDateTime(instant, osloNb)).toBe("22. november 2026 18:05");
    expect(formatDateTime(instant, { language: "en", timeZone: "America/New_York" })).toBe(
      "November 22, 2026 12:05 PM",
    );
    // Summer time: Oslo is two hours ahead of UTC in July.
    expect(formatDateTime("2026-07-01T10:00:00Z", osloNb)).toBe("1. juli 2026 12:00");
    // The instant's date in the zone, not in UTC.
    expect(formatDate("2026-11-22T23:30:00Z", oslo)).toBe("November 23, 2026");
  });

  it("agrees with dayjs's own time zones across summer time changes and zones off the hour", () => {
    dayjs.extend(utc);
    dayjs.extend(timezone);
    const zones = [
      "Europe/Oslo",
      "America/St_Johns",
      "Asia/Kathmandu",
      "Pacific/Chatham",
      "Australia/Lord_Howe",
      "UTC",
    ];
    // Each hour around the 2026 changes in Europe (29 March, 25 October) and a leap day, with odd seconds and ms.
    const starts = ["2026-03-28T22:00:00.250Z", "2026-10-24T22:00:59.999Z", "2028-02-28T20:30:01.001Z"];
    for (const timeZone of zones) {
      for (const start of starts) {
        for (let hour = 0; hour < 8; hour++) {
          const instant = new Date(Date.parse(start) + hour * 3_600_000).toISOString();
          const expected = dayjs(instant).tz(timeZone).format("MMMM DD, YYYY hh:mm A");
          expect(formatDateTime(instant, { language: "en", timeZone }), `${instant} in ${timeZone}`).toBe(expected);
          expect(toLocalInput(instant, timeZone)).toBe(dayjs(instant).tz(timeZone).format("YYYY-MM-DDTHH:mm"));
        }
      }
    }
  });

  it("shows nothing for missing or invalid values", () => {
    expect(formatDate(null, oslo)).toBe("");
    expect(formatDate("", oslo)).toBe("");
    expect(formatDate("not a date", oslo)).toBe("");
    expect(formatDateTime(undefined, oslo)).toBe("");
    expect(formatDateTime("garbage", osloNb)).toBe("");
  });

  it("reads and writes datetime-local inputs in the user's time zone", () => {
    expect(toLocalInput("2026-11-22T17:05:00.000Z", "Europe/Oslo")).toBe("2026-11-22T18:05");
    expect(fromLocalInput("2026-11-22T18:05", "Europe/Oslo")).toBe("2026-11-22T17:05:00.000Z");
    expect(fromLocalInput("2026-07-01T12:00", "Europe/Oslo")).toBe("2026-07-01T10:00:00.000Z");
    expect(fromLocalInput("", "Europe/Oslo")).toBeNull();
    expect(fromLocalInput("yesterday", "Europe/Oslo")).toBeNull();
  });

  it("knows today's date in a time zone", () => {
    expect(today("UTC")).toBe(new Date().toISOString().slice(0, 10));
  });
});
