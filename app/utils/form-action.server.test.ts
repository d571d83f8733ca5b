import { describe, expect, it } from "vitest";
import { signedInContext } from "../../tests/support/signed-in-context.ts";
import { ApiError } from "./api.server.ts";
import { deleteThenRedirect, type IntentInput, intentActions } from "./form-action.server.ts";

describe("a deletion after its confirmation", () => {
  it("deletes, leaves a notice naming what went, and returns to the list", async () => {
    const { context, session } = await signedInContext();
    let settled = 0;
    const answer = await deleteThenRedirect(context, {
      remove: async () => "Acme",
      toast: "records.deletedToast",
      to: "/companies",
      settle: () => {
        settled += 1;
      },
    });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("Location")).toBe("/companies");
    expect(session.get("toast")).toEqual({
      status: "success",
      message: "records.deletedToast",
      duration: 3000,
      params: { name: "Acme" },
    });
    expect(settled).toBe(1);
  });

  it("leaves no notice for something already gone", async () => {
    const { context, session } = await signedInContext();
    const answer = await deleteThenRedirect(context, { remove: async () => null, toast: "x", to: "/shortcuts" });
    expect((answer as Response).headers.get("Location")).toBe("/shortcuts");
    expect(session.get("toast")).toBeUndefined();
  });

  it("answers the API's refusal as the warning dialog of the form 'delete', without a notice", async () => {
    const { context, session } = await signedInContext();
    let settled = 0;
    const answer = await deleteThenRedirect(context, {
      remove: async () => {
        throw new ApiError(409, { status: 409, exceptionName: "RoleInUseException", message: "in use" });
      },
      toast: "settings.roles.deletedToast",
      to: "/system-settings/roles",
      settle: () => {
        settled += 1;
      },
    });
    expect(answer).not.toBeInstanceOf(Response);
    const { data, init } = answer as unknown as { data: { form: string; dialog: unknown }; init: { status: number } };
    expect(data.form).toBe("delete");
    expect(data.dialog).toEqual(expect.any(String));
    expect(init.status).toBe(200);
    expect(session.get("toast")).toBeUndefined();
    expect(settled).toBe(1);
  });

  it("answers a refusal as the screen says when it has its own", async () => {
    const { context } = await signedInContext();
    const answer = await deleteThenRedirect(context, {
      remove: async () => {
        throw new ApiError(404, { status: 404, message: "gone" });
      },
      toast: "x",
      to: "/",
      refusal: (error) => ({ own: (error as ApiError).status }),
    });
    expect(answer).toEqual({ own: 404 });
  });

  it("throws on what is not the API's refusal", async () => {
    const { context } = await signedInContext();
    const broken = new TypeError("broken");
    await expect(
      deleteThenRedirect(context, {
        remove: async () => {
          throw broken;
        },
        toast: "x",
        to: "/",
      }),
    ).rejects.toBe(broken);
  });
});

describe("an action as a map from intent to handler", () => {
  const post = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return new Request("http://app.test/companies", { method: "POST", body });
  };
  const action = intentActions({
    save: ({ formData, intent, id }: IntentInput<{ id: string }>) => ({ saved: formData.get("name"), intent, id }),
    delete: async ({ id }: IntentInput<{ id: string }>) => ({ deleted: id }),
  });

  it("calls the posted intent's handler with the form, the intent and the action's arguments", async () => {
    expect(await action(post({ intent: "save", name: "Acme" }), { id: "1" })).toEqual({
      saved: "Acme",
      intent: "save",
      id: "1",
    });
    expect(await action(post({ intent: "delete" }), { id: "2" })).toEqual({ deleted: "2" });
  });

  it.each([
    ["an unknown intent", { intent: "publish" }],
    ["no intent", { name: "Acme" }],
    ["a name every object has", { intent: "constructor" }],
  ])("answers 400 for %s", async (_, fields) => {
    await expect(action(post(fields), { id: "1" })).rejects.toMatchObject({ init: { status: 400 } });
  });

  it("answers 400 for a body that is not a form", async () => {
    const request = new Request("http://app.test/companies", { method: "POST", body: "{}" });
    await expect(action(request, { id: "1" })).rejects.toMatchObject({ init: { status: 400 } });
  });
});
