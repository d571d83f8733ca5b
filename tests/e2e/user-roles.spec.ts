import { apiAs } from "./api.ts";
import { signIn, users } from "./auth.ts";
import { expect, test } from "./fixtures.ts";

// Who holds which role is not shown (spec §6), except to those who may read the settings, where roles are given. The
// demo users are shared with the tests running alongside: these only read them.

test.describe("users' roles", () => {
  test("a user's page names their role to an administrator, and to an employee shows the rest without it", async ({
    page,
  }) => {
    await signIn(page, users.employee);
    const call = await apiAs(page);
    const [rita] = await call("GET", "/api/iam/users/employees/autocomplete?query=rita");
    await page.goto(`/users/${rita.uuid}`);
    await expect(page.getByRole("heading", { name: users.readOnly.name, level: 1 })).toBeVisible();
    await expect(page.getByTestId("user-email")).toContainText(users.readOnly.email);
    await expect(page.getByTestId("user-groups")).toBeVisible();
    await expect(page.getByTestId("user-role")).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText("Read-only");

    await page.getByRole("button", { name: "Sign out" }).click();
    await signIn(page, users.admin, `/users/${rita.uuid}`);
    await expect(page.getByTestId("user-role")).toContainText("Read-only");
  });
});
