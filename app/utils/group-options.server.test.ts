import { describe, expect, it } from "vitest";
import { ApiError, type api } from "./api.server.ts";
import { loadGroupOptions } from "./group-options.server.ts";

type Client = ReturnType<typeof api>;

function clientAnswering(call: () => Promise<unknown>): Client {
  return { call } as unknown as Client;
}

describe("loadGroupOptions", () => {
  it("offers each group by its id and name", async () => {
    const client = clientAnswering(async () => ({
      content: [{ uuid: "g-1", name: "Sales", description: "Sellers", memberCount: 3 }],
    }));
    expect(await loadGroupOptions(client)).toEqual([{ uuid: "g-1", name: "Sales" }]);
  });

  it("is null when the user may not list groups", async () => {
    const client = clientAnswering(async () => {
      throw new ApiError(403, { message: "Forbidden" });
    });
    expect(await loadGroupOptions(client)).toBeNull();
  });

  it("passes on any other refusal", async () => {
    const client = clientAnswering(async () => {
      throw new ApiError(500, { message: "Internal Server Error" });
    });
    await expect(loadGroupOptions(client)).rejects.toBeInstanceOf(ApiError);
  });
});
