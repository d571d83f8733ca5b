import type { ApiRoute } from "../contract/route.ts";

const bearer = [{ bearer: [] }];

/**
 * Fastify's options for a route declared in the contract: its method, URL, and the schema that validates its input,
 * serializes its answer and documents it. `app.route({ ...contractRoute(shortcutsApi.list), handler })`.
 */
export function contractRoute<const Route extends ApiRoute>(route: Route) {
  const { method, path, tags, summary, params, querystring, body, response } = route;
  return {
    method,
    url: path,
    schema: {
      tags: [...tags],
      summary,
      security: bearer,
      params: params as Route["params"],
      querystring: querystring as Route["querystring"],
      body: body as Route["body"],
      response: response as Route["response"],
    },
  };
}
