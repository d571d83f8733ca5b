import { ChakraProvider } from "@chakra-ui/react";
import { useForm } from "@conform-to/react";
import { createInstance } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import en from "../locales/en.ts";
import { system } from "../theme.ts";
import { TextsProvider } from "../utils/translation.tsx";
import { CheckField } from "./check-label.tsx";
import { FormPanel } from "./form-panel.tsx";

const i18n = createInstance();
await i18n.use(initReactI18next).init({ lng: "en", resources: { en: { translation: en } } });

function Panel(props: { edit?: boolean; saveLabel?: string; intent?: string }) {
  const [form, fields] = useForm<{ flag: boolean }>({ id: "thing-form", defaultValue: { flag: true } });
  return (
    <FormPanel title="Thing" closeTo="/things" testId="thing-panel" form={form} action="/things?panel=new" {...props}>
      <CheckField meta={fields.flag} label="Flagged" />
    </FormPanel>
  );
}

function render(props: { edit?: boolean; saveLabel?: string; intent?: string }) {
  const Stub = createRoutesStub([{ path: "/things", Component: () => <Panel {...props} /> }]);
  return renderToStaticMarkup(
    <TextsProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <Stub initialEntries={["/things"]} />
      </ChakraProvider>
    </TextsProvider>,
  );
}

/** The footer's submit button: its words and the intent it posts. */
function saveButton(html: string) {
  const button = html.match(/<button[^>]*form="thing-form"[^>]*>.*?<\/button>/s)?.[0] ?? "";
  return { text: button.replace(/<[^>]+>/g, ""), intent: button.match(/value="([^"]*)"/)?.[1] };
}

describe("FormPanel", () => {
  it("posts its form where it is told, the footer's Save tied to the form by its id", () => {
    const html = render({});
    const form = html.match(/<form[^>]*>/)?.[0];
    expect(form).toContain('id="thing-form"');
    expect(form).toContain('action="/things?panel=new"');
    expect(form).toContain('method="post"');
    expect(saveButton(html)).toEqual({ text: en.common.save, intent: "save" });
  });

  it("says Save changes on an edit", () => {
    expect(saveButton(render({ edit: true })).text).toBe(en.common.saveChanges);
  });

  it("takes its own words and intent for a form that does something else", () => {
    expect(saveButton(render({ saveLabel: "Export", intent: "export" }))).toEqual({ text: "Export", intent: "export" });
  });

  it("ticks a flag's native checkbox as the form has it", () => {
    expect(render({})).toMatch(
      /<label[^>]*><input[^>]*type="checkbox"[^>]*name="flag"[^>]*checked=""[^>]*\/>Flagged<\/label>/,
    );
  });
});
