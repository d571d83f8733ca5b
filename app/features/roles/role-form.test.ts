import { describe, expect, it } from "vitest";
import { parsePermissionsForm, toMatrixInput } from "./role-form.ts";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the permission matrix form", () => {
  it("reads the ticked boxes as each resource's operations", () => {
    const submission = parsePermissionsForm(
      form([
        ["grants", "Company:Create"],
        ["grants", "Company:Read"],
        ["grants", "vessel:Read"],
        ["grants", "Company:Read"],
      ]),
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(toMatrixInput(submission.value)).toEqual({
      permissions: [
        { resource: "Company", operations: ["Create", "Read"] },
        { resource: "vessel", operations: ["Read"] },
      ],
    });
  });

  it("reads no ticked box as no permissions, and refuses a box that is none of the matrix's", () => {
    const none = parsePermissionsForm(form([]));
    expect(none.status === "success" && toMatrixInput(none.value)).toEqual({ permissions: [] });
    expect(parsePermissionsForm(form([["grants", "Company:Fly"]])).status).toBe("error");
    expect(parsePermissionsForm(form([["grants", "../x:Read"]])).status).toBe("error");
  });
});
