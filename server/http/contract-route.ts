import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { z } from "zod";
import type { ApiRoute } from "../contract/route.ts";

const bearer = [{ bearer: [] }];
// OpenAPI's way to say a token is taken but not needed: no requirement, or the Bearer one.
const optionalBearer = [{}, { bearer: [] }];

/**
 * Fastify's options for a route declared in the contract: its method, URL, and the schema that validates its input,
 * serializes its answer and documents it. `app.route({ ...contractRoute(shortcutsApi.list), handler })`.
 */
export function contractRoute<const Route extends ApiRoute>(route: Route) {
  const { method, path, tags, summary, params, querystring, body, consumes, response, auth } = route;
  // Fastify warns of a schema key that is there but undefined: only the route's own parts are set. A file's answer
  // has no schema to serialize it with.
  const parts = Object.fromEntries(
    Object.entries({
      params,
      querystring,
      body,
      consumes: consumes && [...consumes],
      response: Object.keys(response).length > 0 ? response : undefined,
    }).filter(([, part]) => part),
  );
  return {
    method,
    url: path,
    schema: {
      tags: [...tags],
      summary,
      security: auth === "optional" ? optionalBearer : bearer,
      ...parts,
    } as {
      tags: string[];
      summary: string;
      security: { bearer?: never[] }[];
      params: Route["params"];
      querystring: Route["querystring"];
      body: Route["body"];
      consumes?: string[];
      response: Route["response"];
    },
  };
}

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : unknown;

/** A request to a contract route: its params, query and body as the route's schemas parse them. */
export type ContractRequest<Route extends ApiRoute> = FastifyRequest<{
  Params: Parsed<Route["params"]>;
  Querystring: Parsed<Route["querystring"]>;
  Body: Parsed<Route["body"]>;
}>;

/** What a handler answers with a status: the body that status's schema serializes. */
type Answer<Route extends ApiRoute, Status extends number> = Route["response"] extends {
  [Key in Status]: infer Schema extends z.ZodType;
}
  ? z.input<Schema>
  : never;

type Handler<Route extends ApiRoute, Result> = (
  request: ContractRequest<Route>,
  reply: FastifyReply,
) => Promise<Result>;

/** Fastify's options beside the contract's: `attachValidation` for a route that reads its input itself, `config`. */
type Options = Pick<RouteOptions, "attachValidation" | "config">;

/**
 * Registers routes declared in the contract, each in one call whose handler gives only what the route answers:
 * `serve(routes.get, …)` answers its result (200), `serve.created(routes.create, …)` answers 201 with what was made,
 * `serve.accepted(…)` 202 with what was started, `serve.noContent(routes.delete, …)` 204 once the work is done. A route
 * whose answer takes more (a status of its own, headers, a stream) is registered with
 * `app.route({ ...contractRoute(route), handler })`.
 */
export function contractRoutes(app: Pick<FastifyInstance, "route">) {
  const register = <Route extends ApiRoute>(route: Route, handler: Handler<Route, unknown>, options?: Options) =>
    app.route({ ...contractRoute(route), ...options, handler } as unknown as RouteOptions);

  const answering =
    <Status extends 201 | 202>(status: Status) =>
    <const Route extends ApiRoute>(route: Route, handler: Handler<Route, Answer<Route, Status>>, options?: Options) => {
      register(
        route,
        async (request: ContractRequest<Route>, reply) => {
          const answer: unknown = await handler(request, reply);
          return reply.status(status as number).send(answer);
        },
        options,
      );
    };

  return Object.assign(
    <const Route extends ApiRoute>(route: Route, handler: Handler<Route, Answer<Route, 200>>, options?: Options) => {
      register(route, handler, options);
    },
    {
      created: answering(201),
      accepted: answering(202),
      noContent<const Route extends ApiRoute>(route: Route, handler: Handler<Route, unknown>, options?: Options) {
        register(
          route,
          async (request: ContractRequest<Route>, reply) => {
            await handler(request, reply);
            return reply.status(204).send(null);
          },
          options,
        );
      },
    },
  );
}
