import { describe, expect, it } from "vitest";
import { addDays } from "./reminders.ts";

describe("addDays", () => {
  it("counts calendar days across months, years and leap days", () => {
    expect(addDays("2031-03-09", 1)).toBe("2031-03-10");
    expect(addDays("2031-03-01", -1)).toBe("2031-02-28");
    expect(addDays("2032-02-28", 1)).toBe("2032-02-29");
    expect(addDays("2031-12-31", 1)).toBe("2032-01-01");
    expect(addDays("2031-01-03", -8)).toBe("2030-12-26");
  });
});
