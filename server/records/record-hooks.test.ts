import type { Kysely, Transaction } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../db/schema.ts";
import type { EntityMetadata } from "./metadata.repository.ts";
import {
  assignmentDefaultsOf,
  type RecordEvent,
  registerRecordHooks,
  runRecordHooks,
  unregisterRecordHooks,
} from "./record-hooks.ts";

const entity = (schemaKey: string, tableKey: string) => ({ schemaKey, tableKey }) as EntityMetadata;
const eventOf = (of: EntityMetadata): RecordEvent => ({
  trx: {} as Transaction<Database>,
  entity: of,
  id: "00000000-0000-4000-8000-000000000001",
  name: "Acme AS",
  actorId: "00000000-0000-4000-8000-000000000002",
  before: { name: "Acme AS" },
  after: null,
});

describe("record hooks", () => {
  const names = ["first", "second", "third"];
  afterEach(() => {
    for (const name of names) unregisterRecordHooks(name);
  });

  it("runs the registered hooks of a stage in the order their domains registered", async () => {
    const ran: string[] = [];
    registerRecordHooks("first", { beforeDelete: async (event) => void ran.push(`first ${event.name}`) });
    registerRecordHooks("second", {
      beforeDelete: async () => void ran.push("second"),
      afterDelete: async () => void ran.push("second after"),
    });
    await runRecordHooks("beforeDelete", eventOf(entity("crm", "company")));
    expect(ran).toEqual(["first Acme AS", "second"]);
    await runRecordHooks("afterDelete", eventOf(entity("crm", "company")));
    expect(ran).toEqual(["first Acme AS", "second", "second after"]);
  });

  it("runs a domain's hooks only for the entities it names", async () => {
    const ran: string[] = [];
    registerRecordHooks("first", {
      appliesTo: (of) => of.schemaKey === "crm" && of.tableKey === "contact",
      afterCreate: async (event) => void ran.push(event.entity.tableKey),
    });
    await runRecordHooks("afterCreate", eventOf(entity("crm", "company")));
    await runRecordHooks("afterCreate", eventOf(entity("crm", "contact")));
    expect(ran).toEqual(["contact"]);
  });

  it("keeps one set of hooks per domain, in its first place, when the app is built again", async () => {
    const ran: string[] = [];
    registerRecordHooks("first", { afterUpdate: async () => void ran.push("first, old") });
    registerRecordHooks("second", { afterUpdate: async () => void ran.push("second") });
    registerRecordHooks("first", { afterUpdate: async () => void ran.push("first, new") });
    await runRecordHooks("afterUpdate", eventOf(entity("crm", "company")));
    expect(ran).toEqual(["first, new", "second"]);
  });

  it("stops at a failing hook and passes its error on, so the delete's transaction rolls back", async () => {
    const ran: string[] = [];
    const refusal = new Error("refused");
    registerRecordHooks("first", {
      beforeDelete: async () => {
        throw refusal;
      },
    });
    registerRecordHooks("second", { beforeDelete: async () => void ran.push("second") });
    await expect(runRecordHooks("beforeDelete", eventOf(entity("crm", "company")))).rejects.toBe(refusal);
    expect(ran).toEqual([]);
  });

  it("takes new records' assignee and group from the first domain that gives them, else none", async () => {
    const db = {} as Kysely<Database>;
    expect(await assignmentDefaultsOf(db, entity("crm", "inquiry"))).toEqual({ assignedUserId: null, groupId: null });
    registerRecordHooks("first", { afterCreate: async () => undefined });
    registerRecordHooks("second", {
      appliesTo: (of) => of.tableKey === "inquiry",
      assignmentDefaults: async () => ({ assignedUserId: "u1", groupId: "g1" }),
    });
    registerRecordHooks("third", { assignmentDefaults: async () => ({ assignedUserId: "u3", groupId: null }) });
    expect(await assignmentDefaultsOf(db, entity("crm", "inquiry"))).toEqual({ assignedUserId: "u1", groupId: "g1" });
    expect(await assignmentDefaultsOf(db, entity("crm", "company"))).toEqual({ assignedUserId: "u3", groupId: null });
  });
});
