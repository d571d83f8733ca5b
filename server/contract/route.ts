import type { z } from "zod";

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One API route, declared once: the API registers it (server/http/contract-route.ts) and the web app calls it
 * (`api(context).call`), so the path, its inputs and its answer cannot drift apart.
 */
export interface ApiRoute {
  method: ApiMethod;
  /** Under `/api`, in Fastify's syntax: `/shortcuts/shortcut/:id`. */
  path: string;
  tags: readonly string[];
  summary: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /**
   * Who may call it: signed-in users (the default), or anyone, with a Bearer token only where the resource asks for
   * one (`optional`: a public form that is for signed-in users).
   */
  auth?: "optional";
  /** The body's media types when it is not JSON: `["multipart/form-data"]` for an upload, which the web app streams. */
  consumes?: readonly string[];
  /**
   * The answer by status; the web app reads the one success status the route has. A route that answers a file
   * (streamed as it is, not JSON) declares none: `{}`.
   */
  response: { [status: number]: z.ZodType };
}

/** Declares a route, keeping its literal types. */
export function apiRoute<const Route extends ApiRoute>(route: Route): Route {
  return route;
}

/** An object with no fields: a type extends it when every one of its fields is optional. */
type NoFields = Record<never, never>;

type Part<Name extends string, Schema> = Schema extends z.ZodType
  ? NoFields extends z.input<Schema>
    ? { [Key in Name]?: z.input<Schema> }
    : { [Key in Name]: z.input<Schema> }
  : { [Key in Name]?: never };

/** What a call sends: the path's parameters, the query and the body, each as its schema takes it. */
export type RouteInput<Route extends ApiRoute> = Part<"params", Route["params"]> &
  Part<"query", Route["querystring"]> &
  Part<"body", Route["body"]>;

type SuccessStatus = 200 | 201 | 202 | 204;

/** What a call answers: its success status's schema, as JSON carries it. */
export type RouteResult<Route extends ApiRoute> = {
  [Status in keyof Route["response"]]: Status extends SuccessStatus ? z.output<Route["response"][Status]> : never;
}[keyof Route["response"]];

/** A call's arguments after the route: its input, which may be left out when nothing in it is required. */
export type RouteArguments<Route extends ApiRoute> =
  NoFields extends RouteInput<Route> ? [input?: RouteInput<Route>] : [input: RouteInput<Route>];
