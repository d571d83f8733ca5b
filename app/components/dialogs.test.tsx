import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { serverMarkup } from "../../tests/support/server-markup.tsx";
import en from "../locales/en.ts";
import { ConfirmDialog, ErrorDialog } from "./dialogs.tsx";

/** The dialog's content: what the page renders inside the dialog element. */
async function dialogOf(element: ReactNode) {
  const { html } = await serverMarkup(element, { path: "/things", url: "/things" });
  return html.slice(html.indexOf('role="alertdialog"'));
}

describe("the alert dialogs", () => {
  it("ask before a deletion in a form that posts the intent where it is told, Cancel going back", async () => {
    const html = await dialogOf(
      <ConfirmDialog title="Delete?" confirmLabel="Delete" closeTo="/things" action="/things?id=1" intent="delete">
        It goes for good.
      </ConfirmDialog>,
    );
    expect(html).toMatch(/<form[^>]*action="\/things\?id=1"[^>]*>.*Delete\?.*It goes for good\..*<\/form>/s);
    expect(html).toMatch(/<a[^>]*href="\/things"[^>]*>Cancel<\/a>/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*value="delete"[^>]*>Delete<\/button>/);
  });

  it("warn of a refused change with its text and Close, outside any form", async () => {
    const html = await dialogOf(<ErrorDialog text="The name is taken." source={{}} />);
    expect(html).toContain('data-testid="error-dialog"');
    expect(html).toContain(en.apiErrors.title);
    expect(html).toContain("The name is taken.");
    expect(html).toContain(`>${en.common.close}</button>`);
    expect(html).not.toContain("<form");
  });
});
