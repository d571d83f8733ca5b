import {
  createContext,
  type MiddlewareFunction,
  type RouterContextProvider,
  type ServerInstrumentation,
} from "react-router";

/**
 * Where a page's time goes, told in a `Server-Timing` header when `SERVER_TIMING=true` (set it when measuring): the
 * whole request, the middleware's user, each loader, each API call, the render and the compression, each with its
 * start after the request's, so that calls made at once show as such. Off by default: the header would tell every
 * browser which API calls a page makes and how long the API took.
 */
export const serverTimingEnabled = () => process.env.SERVER_TIMING === "true";

export interface TimingSpan {
  name: string;
  /** Milliseconds after the request reached the root middleware. */
  start: number;
  dur: number;
  desc?: string;
}

export interface RequestTiming {
  origin: number;
  spans: TimingSpan[];
}

export const timingContext = createContext<RequestTiming | null>(null);

function timingOf(context: Pick<RouterContextProvider, "get"> | undefined): RequestTiming | null {
  if (!context) return null;
  try {
    return context.get(timingContext);
  } catch {
    return null;
  }
}

/** A clock for one span of the request, or nothing when timing is off. */
export function startSpan(
  context: Pick<RouterContextProvider, "get"> | undefined,
  name: string,
  desc?: string,
): ((desc?: string) => void) | undefined {
  const timing = timingOf(context);
  if (!timing) return undefined;
  const started = performance.now();
  return (finalDesc = desc) => {
    timing.spans.push({
      name,
      start: started - timing.origin,
      dur: performance.now() - started,
      desc: finalDesc,
    });
  };
}

const round = (value: number) => Math.round(value * 100) / 100;
const quoted = (text: string) => `"${text.replace(/["\\]/g, "")}"`;

/** The spans as a `Server-Timing` value; `start` is a parameter of our own, which browsers ignore. */
export function formatServerTiming(spans: TimingSpan[]): string {
  return spans
    .map(
      (span) =>
        `${span.name};start=${round(span.start)};dur=${round(span.dur)}${span.desc ? `;desc=${quoted(span.desc)}` : ""}`,
    )
    .join(", ");
}

/** First of the root's middleware: starts the request's clock and writes the header on the way out. */
export const serverTimingMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  if (!serverTimingEnabled()) return next();
  const timing: RequestTiming = { origin: performance.now(), spans: [] };
  context.set(timingContext, timing);
  let response = await next();
  const total: TimingSpan = { name: "total", start: 0, dur: performance.now() - timing.origin };
  const value = formatServerTiming([total, ...timing.spans]);
  try {
    response.headers.set("Server-Timing", value);
  } catch {
    // Headers of a Response made by Response.redirect() cannot change; a copy's can.
    response = new Response(response.body, response);
    response.headers.set("Server-Timing", value);
  }
  return response;
};

/** Each route's loader as a span of its own, named by the route (entry.server.tsx). */
export const serverTimingInstrumentations: ServerInstrumentation[] = [
  {
    route(route) {
      route.instrument({
        async loader(callLoader, { context }) {
          const end = startSpan(context, "loader", route.id);
          await callLoader();
          end?.();
        },
      });
    },
  },
];
