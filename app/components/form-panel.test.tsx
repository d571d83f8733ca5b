import { useForm } from "@conform-to/react";
import { describe, expect, it } from "vitest";
import { serverMarkup } from "../../tests/support/server-markup.tsx";
import en from "../locales/en.ts";
import { CheckField } from "./check-label.tsx";
import { FormPanel } from "./form-panel.tsx";

function Panel(props: { edit?: boolean; saveLabel?: string; intent?: string }) {
  const [form, fields] = useForm<{ flag: boolean }>({ id: "thing-form", defaultValue: { flag: true } });
  return (
    <FormPanel title="Thing" closeTo="/things" testId="thing-panel" form={form} action="/things?panel=new" {...props}>
      <CheckField meta={fields.flag} label="Flagged" />
    </FormPanel>
  );
}

async function render(props: { edit?: boolean; saveLabel?: string; intent?: string }) {
  return (await serverMarkup(<Panel {...props} />, { path: "/things", url: "/things" })).html;
}

/** The footer's submit button: its words and the intent it posts. */
function saveButton(html: string) {
  const button = html.match(/<button[^>]*form="thing-form"[^>]*>.*?<\/button>/s)?.[0] ?? "";
  return { text: button.replace(/<[^>]+>/g, ""), intent: button.match(/value="([^"]*)"/)?.[1] };
}

describe("FormPanel", () => {
  it("posts its form where it is told, the footer's Save tied to the form by its id", async () => {
    const html = await render({});
    const form = html.match(/<form[^>]*>/)?.[0];
    expect(form).toContain('id="thing-form"');
    expect(form).toContain('action="/things?panel=new"');
    expect(form).toContain('method="post"');
    expect(saveButton(html)).toEqual({ text: en.common.save, intent: "save" });
  });

  it("says Save changes on an edit", async () => {
    expect(saveButton(await render({ edit: true })).text).toBe(en.common.saveChanges);
  });

  it("takes its own words and intent for a form that does something else", async () => {
    expect(saveButton(await render({ saveLabel: "Export", intent: "export" }))).toEqual({
      text: "Export",
      intent: "export",
    });
  });

  it("ticks a flag's native checkbox as the form has it", async () => {
    expect(await render({})).toMatch(
      /<label[^>]*><input[^>]*type="checkbox"[^>]*name="flag"[^>]*checked=""[^>]*\/>Flagged<\/label>/,
    );
  });
});
