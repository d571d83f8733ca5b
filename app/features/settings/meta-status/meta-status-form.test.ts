import { describe, expect, it } from "vitest";
import { inEnglish } from "../../../../tests/support/messages.ts";
import { parseMetaStatusForm } from "./meta-status-form.ts";

/** The errors of a submission that failed. */
function errorsOf(submission: { status?: string; error?: unknown }) {
  return submission.status === "success" ? undefined : inEnglish(submission.error);
}

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
};

describe("the status form", () => {
  it("reads checkboxes as they are posted: an unchecked Active is off, not its default", () => {
    const submission = parseMetaStatusForm(form({ nameEn: "Waiting", nameNb: "Venter", colour: "#1a7f37", rank: "2" }));
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      nameEn: "Waiting",
      nameNb: "Venter",
      colour: "#1a7f37",
      rank: 2,
      isDefault: false,
      active: false,
      closed: false,
    });
    // No colour: the API stores none.
    const open = parseMetaStatusForm(form({ nameEn: "Open", nameNb: "Åpen", active: "on", isDefault: "on" }));
    expect(open.status === "success" && open.value).toMatchObject({ isDefault: true, active: true });
  });

  it("answers with the contract's texts: a bad colour, an order that is no number, a default that is off", () => {
    const submission = parseMetaStatusForm(
      form({ nameEn: "", nameNb: "Venter", colour: "red", rank: "first", isDefault: "on" }),
    );
    expect(errorsOf(submission)).toEqual({
      nameEn: ["Required"],
      colour: ["Must be a colour such as #1A7F37"],
      rank: ["Must be a number"],
    });
    const off = parseMetaStatusForm(form({ nameEn: "Open", nameNb: "Åpen", isDefault: "on" }));
    expect(errorsOf(off)).toEqual({ active: ["The default must be active"] });
  });
});
