import { ChakraProvider } from "@chakra-ui/react";
import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import { messageCode } from "../../server/contract/message-code.ts";
import en from "../locales/en.ts";
import { system } from "../theme.ts";
import { TextsProvider } from "../utils/translation.tsx";
import { FormErrors } from "./form-field.tsx";

const i18n = createInstance();
await i18n.use(initReactI18next).init({ lng: "en", resources: { en: { translation: en } } });

function render(errors: string[] | undefined, testId?: string) {
  return renderToStaticMarkup(
    <TextsProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <FormErrors form={{ errors, errorId: "f-error" }} testId={testId} />
      </ChakraProvider>
    </TextsProvider>,
  );
}

describe("FormErrors", () => {
  it("shows why the form was refused in the page's language, where the form's errorId points", () => {
    const html = render([messageCode("common.save"), "The name is taken."]);
    expect(html).toContain('id="f-error"');
    expect(html).toContain('data-testid="form-error"');
    expect(html).toContain(`${en.common.save} The name is taken.`);
  });

  it("takes another test id", () => {
    expect(render(["Refused."], "mapping-error")).toContain('data-testid="mapping-error"');
  });

  it("shows nothing without a reason", () => {
    expect(render(undefined)).not.toContain("f-error");
    expect(render([])).not.toContain("f-error");
  });
});
