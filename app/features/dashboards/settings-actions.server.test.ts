import { describe, expect, it } from "vitest";
import { signedInContext } from "../../../tests/support/signed-in-context.ts";
import type { CurrentUser } from "../../middleware/auth.server.ts";
import { deleteOnTab } from "./settings-actions.server.ts";

/** A user with these rights only, enough for the checks the deletion makes. */
function userWith(...permissions: [operation: string, resource: string][]) {
  return {
    companyAdmin: false,
    permissions: permissions.map(([operation, name]) => ({ operation, name })),
  } as unknown as CurrentUser;
}

/** A saved item the tab deletes, and what the deletion did with it. */
function item(name: string) {
  const calls: string[] = [];
  return {
    calls,
    deletion: {
      read: async () => {
        calls.push("read");
        return { name, uuid: "u-1" };
      },
      remove: async (found: { uuid: string }) => {
        calls.push(`remove ${found.uuid}`);
      },
    },
  };
}

describe("a deletion on a tab of the dashboard settings", () => {
  it("reads the item, deletes it by its own id, names it in the notice and returns to the tab", async () => {
    const { context, session } = await signedInContext();
    const widget = item("Open deals");
    const answer = await deleteOnTab(context, userWith(["Delete", "Widget"]), "widgets", widget.deletion);
    expect(widget.calls).toEqual(["read", "remove u-1"]);
    expect((answer as Response).headers.get("Location")).toBe("/system-settings/dashboard-widget/widgets");
    expect(session.get("toast")).toMatchObject({
      message: "dashboardSettings.widgets.deletedToast",
      params: { name: "Open deals" },
    });
  });

  it("is forbidden without the right to delete the tab's resource, before anything is read", async () => {
    const { context } = await signedInContext();
    for (const [tab, right] of [
      ["widgets", "Widget"],
      ["datasources", "Datasource"],
    ] as const) {
      const saved = item("Deals");
      const refused = await deleteOnTab(context, userWith(["Read", right]), tab, saved.deletion).catch((e) => e);
      expect(refused).toMatchObject({ init: { status: 403 } });
      expect(saved.calls).toEqual([]);
    }
  });

  it("asks no right of its own for a dashboard: the page asks the settings' Update of every post on that tab", async () => {
    const { context } = await signedInContext();
    const dashboard = item("Sales");
    const answer = await deleteOnTab(context, userWith(), "dashboards", dashboard.deletion);
    expect(dashboard.calls).toEqual(["read", "remove u-1"]);
    expect((answer as Response).headers.get("Location")).toBe("/system-settings/dashboard-widget/dashboards");
  });
});
