import { describe, expect, it } from "vitest";
import { escapeHtml, iframeSnippet, linkSnippet, publicFormUrl, refusalRows } from "./snippets.ts";

describe("the public address and the snippets", () => {
  it("builds the absolute public address on the origin the app was reached at", () => {
    expect(publicFormUrl("https://crm.example.com", "abc_-123")).toBe("https://crm.example.com/f/abc_-123");
    expect(publicFormUrl("http://localhost:3000", "x")).toBe("http://localhost:3000/f/x");
  });

  it("escapes a title that holds markup, so the snippet stays one element", () => {
    const title = `"Contact" <us> & 'friends'`;
    expect(escapeHtml(title)).toBe("&quot;Contact&quot; &lt;us&gt; &amp; &#39;friends&#39;");
    expect(linkSnippet("https://crm.example.com/f/abc", title)).toBe(
      '<a href="https://crm.example.com/f/abc">&quot;Contact&quot; &lt;us&gt; &amp; &#39;friends&#39;</a>',
    );
    const frame = iframeSnippet("https://crm.example.com/f/abc", title);
    expect(frame).toMatch(/^<iframe src="https:\/\/crm\.example\.com\/f\/abc" title="&quot;Contact&quot; &lt;us&gt;/);
    expect(frame).toMatch(/<\/iframe>$/);
    expect(frame.match(/</g)).toHaveLength(2);
  });

  it("gives the iframe a size and no border, and no script", () => {
    const frame = iframeSnippet("https://a.example/f/x", "Sign up");
    expect(frame).toContain('width="100%"');
    expect(frame).toContain('height="800"');
    expect(frame).toContain('style="border:0"');
    expect(frame).not.toContain("<script");
  });
});

describe("refusalRows", () => {
  it("lists counted reasons in the API's order, unknown ones after by name, and their total", () => {
    expect(refusalRows({ zeta: 1, tooFast: 2, honeypot: 5, invalid: 0, alpha: 3, login: 1 })).toEqual({
      rows: [
        { reason: "honeypot", count: 5 },
        { reason: "tooFast", count: 2 },
        { reason: "login", count: 1 },
        { reason: "alpha", count: 3 },
        { reason: "zeta", count: 1 },
      ],
      total: 12,
    });
  });

  it("has nothing to list without refusals", () => {
    expect(refusalRows({})).toEqual({ rows: [], total: 0 });
  });
});
