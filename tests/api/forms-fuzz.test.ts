import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signToken } from "../../server/forms/submission-tokens.ts";
import { bearer, signIn, type Tokens } from "../support/oauth-flow.ts";
import { createTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

/**
 * Hostile posts to a web form's public submission call, as robots on the open internet send them: each case carries
 * one certain fault (no token, a forged one, another form's, a used one, one too fresh, a filled honeypot, text
 * PostgreSQL refuses, an answer too long or of the wrong type, only unknown questions, a body past the limit or not
 * JSON) among random hostile answers. Every case must be refused with a 4xx, stored nowhere, and counted among the
 * form's refusals. The cases come from a seeded generator, so a failure repeats; FUZZ_SEED and FUZZ_CASES search
 * further than CI does.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_129);
const CASES = Number(process.env.FUZZ_CASES ?? 120);

/** mulberry32: small, fast and the same everywhere. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    chance: (p: number) => next() < p,
    int: (max: number) => Math.floor(next() * max),
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)];
    },
  };
}
type Random = ReturnType<typeof generator>;

/** Values that are wrong somewhere, or right somewhere and wrong elsewhere. */
const hostileValues: readonly unknown[] = [
  "",
  " ",
  "'; drop table core.form_submission; --",
  "x\u0000y",
  "\ud800",
  "a\udfffb",
  "😀",
  "ÆØÅ æøå",
  "__proto__",
  "Fish",
  "Morning",
  "not an email",
  "bob@example.com",
  "https://example.com",
  "2026-02-30",
  "2026-11-29",
  "true",
  "NaN",
  "1e400",
  "9".repeat(400),
  "a".repeat(256),
  "b".repeat(70_000),
  0,
  -1,
  1.5,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  false,
  null,
  [],
  ["Morning", "Morning"],
  ["Nope"],
  [1, 2],
  [["nested"]],
  {},
  { value: "x" },
  { __proto__: { polluted: true } },
];

type Fault =
  | "noToken"
  | "emptyToken"
  | "forgedToken"
  | "otherFormToken"
  | "replayedToken"
  | "tooFastToken"
  | "tooOldToken"
  | "tokenNotText"
  | "honeypot"
  | "nul"
  | "loneSurrogate"
  | "hugeText"
  | "textForNumber"
  | "textForBool"
  | "numberForText"
  | "arrayForText"
  | "objectForText"
  | "unknownOption"
  | "missingRequired"
  | "unknownBlocksOnly"
  | "answersNotAnObject"
  | "keyTooLong"
  | "oversizedBody"
  | "notJson"
  | "deepJson";

const faults: readonly Fault[] = [
  "noToken",
  "emptyToken",
  "forgedToken",
  "otherFormToken",
  "replayedToken",
  "tooFastToken",
  "tooOldToken",
  "tokenNotText",
  "honeypot",
  "nul",
  "loneSurrogate",
  "hugeText",
  "textForNumber",
  "textForBool",
  "numberForText",
  "arrayForText",
  "objectForText",
  "unknownOption",
  "missingRequired",
  "unknownBlocksOnly",
  "answersNotAnObject",
  "keyTooLong",
  "oversizedBody",
  "notJson",
  "deepJson",
];

describe(`hostile posts to a web form's public submission call on ${testDatabase}`, () => {
  let t: TestApp;
  let admin: Tokens;
  let secret: string;
  let form: { uuid: string; publicId: string };
  let other: { uuid: string };
  let ids: Record<string, string>;
  let usedToken: string;
  let address = 0;

  const count = async (table: "core.form_submission" | "core.form_used_token" | "core.notification") =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const formState = async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/forms/${form.uuid}`,
      headers: bearer(admin.access_token),
    });
    const body = response.json() as { submissionCount: number; refusals: Record<string, number> };
    return { submissions: body.submissionCount, refused: Object.values(body.refusals).reduce((a, b) => a + b, 0) };
  };
  /** A token the page gave `ageMs` ago. */
  const tokenFor = (formId: string, ageMs = 5000) => signToken(secret, formId, Date.now() - ageMs);
  const post = (payload: string | object, contentType = "application/json") =>
    t.app.inject({
      method: "POST",
      url: `/api/public/forms/${form.publicId}/submissions`,
      // An address of its own per post, so that no case is refused only for its address.
      headers: { "content-type": contentType, "x-forwarded-for": `198.51.${(++address >> 8) & 255}.${address & 255}` },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await signIn(t.app, "admin@example.com");
    const question = (label: string, extra: object = {}) => ({ type: "QUESTION", label, ...extra });
    const create = async (title: string, blocks: object[]) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/forms",
        headers: bearer(admin.access_token),
        payload: { title, open: true, blocks },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    const created = await create("Fuzzed", [
      { type: "TITLE", heading: "Hello" },
      question("Name", { required: true }),
      question("E-mail", { mergeWith: { entity: "contact", field: "email" } }),
      question("Guests", { fieldType: "Number" }),
      question("Agree", { fieldType: "Bool" }),
      question("Menu", { fieldType: "List", options: ["Fish", "Vegetarian"] }),
      question("Sessions", { fieldType: "MultiSelect", options: ["Morning", "Afternoon"] }),
      question("Comments", { fieldType: "LongText" }),
      question("Day", { fieldType: "Date" }),
    ]);
    form = created;
    ids = Object.fromEntries(
      created.blocks.filter((b: any) => b.type === "QUESTION").map((b: any) => [b.label, b.id as string]),
    );
    other = await create("Another", [question("Name")]);
    const row = await t.app.db
      .selectFrom("core.setting")
      .select("value")
      .where("key", "=", "form_token_secret")
      .executeTakeFirstOrThrow();
    secret = String(row.value);
    // One good submission, whose token the replay cases send again.
    usedToken = tokenFor(form.uuid);
    const good = await post({ answers: { [ids.Name]: "Grace", [ids.Guests]: 2 }, token: usedToken });
    expect(good.statusCode, good.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Random answers: some of the form's questions with hostile values, some unknown ids. */
  function noise(random: Random): Record<string, unknown> {
    const answers: Record<string, unknown> = {};
    for (const id of Object.values(ids)) if (random.chance(0.4)) answers[id] = random.pick(hostileValues);
    if (random.chance(0.3)) answers[random.pick(["__proto__", "constructor", "x", "00000000-0000"])] = "?";
    return answers;
  }

  /** A post that is wrong for `fault`, whatever else it carries. */
  function caseOf(random: Random, fault: Fault): { body: string | object; contentType?: string } {
    const answers = { [ids.Name]: "Ada", ...noise(random) };
    const token = tokenFor(form.uuid);
    const base = { answers, token };
    switch (fault) {
      case "noToken":
        return { body: { answers } };
      case "emptyToken":
        return { body: { answers, token: "" } };
      case "forgedToken":
        return {
          body: {
            answers,
            token: random.pick([
              `${form.uuid}.${Date.now() - 5000}.abc.forged`,
              token.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
              "a.b.c.d",
              "....",
              "x".repeat(512),
              `${token}.extra`,
            ]),
          },
        };
      case "otherFormToken":
        return { body: { answers, token: tokenFor(other.uuid) } };
      case "replayedToken":
        return { body: { answers, token: usedToken } };
      case "tooFastToken":
        return { body: { answers, token: tokenFor(form.uuid, random.int(2500)) } };
      case "tooOldToken":
        return { body: { answers, token: tokenFor(form.uuid, 25 * 3600 * 1000 + random.int(1e9)) } };
      case "tokenNotText":
        return { body: { answers, token: random.pick([42, null, true, [token], { token }]) } };
      case "honeypot":
        return { body: { ...base, honeypot: random.pick(["buy now", "https://spam.example", " "]) } };
      case "nul":
        return { body: { ...base, answers: { ...answers, [ids.Comments]: "before\u0000after" } } };
      case "loneSurrogate":
        return random.chance(0.5)
          ? {
              body: {
                ...base,
                answers: { ...answers, [ids.Name]: random.pick(["\ud800", "a\udfffb", "\udc00\ud800"]) },
              },
            }
          : { body: { ...base, answers: { ...answers, "\ud83d": "x" } } };
      case "hugeText":
        return {
          body: {
            ...base,
            answers: { ...answers, [random.pick([ids.Name, ids.Comments])]: "x".repeat(100_000 + random.int(300_000)) },
          },
        };
      case "textForNumber":
        return {
          body: { ...base, answers: { ...answers, [ids.Guests]: random.pick(["many", "12abc", "1e400", "NaN"]) } },
        };
      case "textForBool":
        return { body: { ...base, answers: { ...answers, [ids.Agree]: random.pick(["yes", "maybe", "1", "on"]) } } };
      case "numberForText":
        return { body: { ...base, answers: { ...answers, [ids.Name]: random.pick([42, 1e308, -0.5]) } } };
      case "arrayForText":
        return { body: { ...base, answers: { ...answers, [ids.Name]: random.pick([["Ada"], [], [1, 2]]) } } };
      case "objectForText":
        return { body: { ...base, answers: { ...answers, [ids.Name]: random.pick([{}, { name: "Ada" }]) } } };
      case "unknownOption":
        return random.chance(0.5)
          ? { body: { ...base, answers: { ...answers, [ids.Menu]: "Beef" } } }
          : { body: { ...base, answers: { ...answers, [ids.Sessions]: ["Evening"] } } };
      case "missingRequired": {
        const { [ids.Name]: _name, ...rest } = answers;
        return { body: { ...base, answers: rest } };
      }
      case "unknownBlocksOnly":
        return { body: { ...base, answers: { "no-such-block": "Ada", [`${ids.Name}x`]: "Ada", __proto__: "Ada" } } };
      case "answersNotAnObject":
        return { body: { token, answers: random.pick([null, "Ada", 42, [["a", "b"]], true]) } };
      case "keyTooLong":
        return { body: { ...base, answers: { ...answers, ["k".repeat(65)]: "x" } } };
      case "oversizedBody":
        return { body: { ...base, answers: { ...answers, [ids.Comments]: "y".repeat(600 * 1024) } } };
      case "notJson":
        return random.chance(0.5)
          ? { body: random.pick(["{", '{"answers":', "nul", '{"token":"a"}garbage', '"\\ud800"']) }
          : { body: `token=${encodeURIComponent(token)}&name=Ada`, contentType: "application/x-www-form-urlencoded" };
      case "deepJson":
        return { body: `{"token":"${token}","answers":{"${ids.Name}":${"[".repeat(5_000)}${"]".repeat(5_000)}}}` };
    }
  }

  it("refuses every case with a 4xx, stores nothing and counts each refusal", async () => {
    const random = generator(SEED);
    const before = {
      ...(await formState()),
      rows: await count("core.form_submission"),
      tokens: await count("core.form_used_token"),
      notifications: await count("core.notification"),
    };
    expect(before.submissions).toBe(1);
    const failures: string[] = [];
    const seen = new Map<Fault, number>();
    for (let i = 0; i < CASES; i++) {
      // Every fault at least once, then at random.
      const fault = i < faults.length ? faults[i] : random.pick(faults);
      seen.set(fault, (seen.get(fault) ?? 0) + 1);
      const { body, contentType } = caseOf(random, fault);
      const response = await post(body, contentType);
      if (response.statusCode < 400 || response.statusCode >= 500 || response.statusCode === 404) {
        const shown = typeof body === "string" ? body.slice(0, 200) : JSON.stringify(body).slice(0, 200);
        failures.push(`case ${i} (${fault}): ${response.statusCode} ${response.body.slice(0, 200)} for ${shown}`);
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(seen.size).toBe(faults.length);
    const after = await formState();
    expect(after.submissions).toBe(before.submissions);
    expect(await count("core.form_submission")).toBe(before.rows);
    // No refused post takes a token or tells anyone.
    expect(await count("core.form_used_token")).toBe(before.tokens);
    expect(await count("core.notification")).toBe(before.notifications);
    expect(after.refused - before.refused).toBe(CASES);
  });

  it("still takes a good submission afterwards, and drops answers to questions the form does not have", async () => {
    const response = await post({
      answers: { [ids.Name]: "Ada", [ids.Guests]: 3, "no-such-block": "dropped" },
      token: tokenFor(form.uuid),
    });
    expect(response.statusCode, response.body).toBe(201);
    const stored = await t.app.db
      .selectFrom("core.form_submission")
      .select("answers")
      .where("id", "=", response.json().uuid)
      .executeTakeFirstOrThrow();
    expect(stored.answers).toEqual({ [ids.Name]: "Ada", [ids.Guests]: 3 });
    expect((await formState()).submissions).toBe(2);
  });
});
