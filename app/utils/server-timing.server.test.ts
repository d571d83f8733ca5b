import { describe, expect, it } from "vitest";
import { formatServerTiming, startSpan, timingContext } from "./server-timing.server.ts";

describe("Server-Timing", () => {
  it("writes each span with its start and duration, and a description without quotes", () => {
    expect(
      formatServerTiming([
        { name: "total", start: 0, dur: 35.456 },
        { name: "api", start: 1.234, dur: 14.5, desc: 'GET /api/crm/company "x"' },
      ]),
    ).toBe('total;start=0;dur=35.46, api;start=1.23;dur=14.5;desc="GET /api/crm/company x"');
  });

  it("times nothing when the request has no clock", () => {
    const context = {
      get() {
        throw new Error("no value");
      },
    };
    expect(startSpan(context, "render")).toBeUndefined();
    const timing = { origin: performance.now(), spans: [] as { name: string }[] };
    const end = startSpan({ get: (key: unknown) => (key === timingContext ? timing : null) } as never, "render");
    end?.();
    expect(timing.spans.map((span) => span.name)).toEqual(["render"]);
  });
});
