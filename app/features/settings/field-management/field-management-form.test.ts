import { describe, expect, it } from "vitest";
import { fieldSettingOf } from "../../../../tests/support/field-settings.ts";
import { commandOf, fieldInputOf, movedKeys, parseFieldManagementForm } from "./field-management-form.ts";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

describe("the field management form", () => {
  it("reads a row's button: the field, what it asks, and whether the page's script sent it", () => {
    const posted = parseFieldManagementForm(form({ key: "ship", intent: "hidden-on" }));
    expect(posted.status === "success" && posted.value).toEqual({ key: "ship", intent: "hidden-on", enhanced: false });
    const fetched = parseFieldManagementForm(form({ key: "ship", intent: "move-up", enhanced: "on" }));
    expect(fetched.status === "success" && fetched.value.enhanced).toBe(true);
    expect(parseFieldManagementForm(form({ key: "Ship!", intent: "move-up" })).status).toBe("error");
    expect(parseFieldManagementForm(form({ key: "ship", intent: "delete" })).status).toBe("error");
  });

  it("tells moves from switches", () => {
    expect(commandOf("move-down")).toEqual({ kind: "move", direction: "down" });
    expect(commandOf("required-off")).toEqual({ kind: "switch", setting: "required", value: false });
    expect(commandOf("active-on")).toEqual({ kind: "switch", setting: "active", value: true });
    expect(commandOf("dismiss")).toEqual({ kind: "dismiss" });
  });

  it("moves a key one place, not past either end", () => {
    expect(movedKeys(["a", "b", "c"], "b", "up")).toEqual(["b", "a", "c"]);
    expect(movedKeys(["a", "b", "c"], "b", "down")).toEqual(["a", "c", "b"]);
    expect(movedKeys(["a", "b", "c"], "a", "up")).toBeNull();
    expect(movedKeys(["a", "b", "c"], "c", "down")).toBeNull();
    expect(movedKeys(["a", "b", "c"], "x", "up")).toBeNull();
  });

  it("sends the field's settings back as they are, with one switch changed", () => {
    const field = fieldSettingOf({ minValue: 0.1, maxValue: 0.9 });
    // Everything but what the API keeps for itself (the id, whether it is built in or custom, its place).
    const { id: _id, builtIn: _builtIn, customField: _customField, position: _position, ...input } = field;
    expect(fieldInputOf(field, "hidden", true)).toEqual({ ...input, hidden: true });
  });
});
