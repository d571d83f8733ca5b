import { describe, expect, it } from "vitest";
import { formsUrl, formUrl, readFormListParams } from "./urls.ts";

const read = (query: string) => readFormListParams(new URL(`http://app.test/forms${query}`));

describe("the list of forms' URL", () => {
  it("reads the search, the filters and the page", () => {
    expect(read("?q=%20sign%20up%20&status=open&accepting=false&page=3")).toEqual({
      q: "sign up",
      status: "open",
      accepting: "false",
      page: 3,
    });
  });

  it("reads a value that is no filter's, or no page, as the default", () => {
    expect(read("?status=maybe&accepting=yes&page=-2")).toEqual({ q: "", status: "", accepting: "", page: 1 });
    expect(read("?page=1.5")).toMatchObject({ page: 1 });
  });

  it("writes only what differs from the defaults", () => {
    expect(formsUrl()).toBe("/forms");
    expect(formsUrl({ q: "", status: "", accepting: "", page: 1 })).toBe("/forms");
    expect(formsUrl({ q: "demo day", status: "closed", accepting: "true", page: 2 })).toBe(
      "/forms?q=demo+day&status=closed&accepting=true&page=2",
    );
    expect(formsUrl({ status: "open", goto: "1" })).toBe("/forms?status=open&goto=1");
  });

  it("names a form's screens by its id", () => {
    expect(formUrl("0b5c", "view")).toBe("/forms/0b5c/view");
    expect(formUrl("0b5c", "submissions")).toBe("/forms/0b5c/submissions");
    expect(formUrl("0b5c", "view", { confirm: "delete" })).toBe("/forms/0b5c/view?confirm=delete");
  });
});
