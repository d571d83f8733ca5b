import { describe, expect, it } from "vitest";
import { inEnglish } from "../../tests/support/messages.ts";
import { PASSWORD_MIN_LENGTH } from "../contract/identity.ts";
import { checkPasswordPolicy } from "./password-policy.ts";

describe("checkPasswordPolicy", () => {
  it("needs at least 12 and at most 200 characters", async () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(inEnglish(await checkPasswordPolicy("kX9#mQ2$vL7"))).toBe("At least 12 characters");
    expect(inEnglish(await checkPasswordPolicy(""))).toBe("At least 12 characters");
    expect(inEnglish(await checkPasswordPolicy(`${"kX9#mQ2$vL7!".repeat(16)}pR4#mQ2$v`))).toBe(
      "At most 200 characters",
    );
  });

  it.each(["password1234", "qwerty123456", "welcome12345", "aaaaaaaaaaaa", "Passord123456"])(
    "refuses the common or easily guessed %s",
    async (password) => {
      expect(inEnglish(await checkPasswordPolicy(password))).toBe("This password is too common or easy to guess");
    },
  );

  it.each(["correct horse battery", "kX9#mQ2$vL7!pR4"])("accepts %s", async (password) => {
    expect(await checkPasswordPolicy(password)).toBeUndefined();
  });

  it("refuses a password made of what the user is known by", async () => {
    const password = "nina.nyansatt@example.com";
    expect(await checkPasswordPolicy(password)).toBeUndefined();
    expect(inEnglish(await checkPasswordPolicy(password, ["nina.nyansatt@example.com", "Nina", "Nyansatt"]))).toBe(
      "This password is too common or easy to guess",
    );
  });

  it("accepts exactly 200 characters", async () => {
    expect(await checkPasswordPolicy(`${"kX9#mQ2$vL7!".repeat(16)}pR4#mQ2$`)).toBeUndefined();
  });
});
