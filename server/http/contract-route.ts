import type { ApiRoute } from "../contract/route.ts";

const bearer = [{ bearer: [] }];

/**
 * Fastify's options for a route declared in the contract: its method, URL, and the schema that validates its input,
 * serializes its answer and documents it. `app.route({ ...contractRoute(shortcutsApi.list), handler })`.
 */
export function contractRoute<const Route extends ApiRoute>(route: Route) {
  const { method, path, tags, summary, params, querystring, body, consumes, response } = route;
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
      security: bearer,
      ...parts,
    } as {
      tags: string[];
      summary: string;
      security: typeof bearer;
      params: Route["params"];
      querystring: Route["querystring"];
      body: Route["body"];
      consumes?: string[];
      response: Route["response"];
    },
  };
}
