import type { z } from "zod";
import { apiRoute } from "./route.ts";

/**
 * A setting's two routes at one path: GET answers it; PUT takes the whole of it, in the same schema, and answers it
 * as saved.
 */
export function settingApi<const Params extends z.ZodType, const Schema extends z.ZodType>(setting: {
  path: string;
  tags: readonly string[];
  params: Params;
  schema: Schema;
  /** The summaries of the GET and of the PUT. */
  read: string;
  save: string;
}) {
  const { path, tags, params, schema } = setting;
  return {
    read: apiRoute({ method: "GET", path, tags, summary: setting.read, params, response: { 200: schema } }),
    save: apiRoute({
      method: "PUT",
      path,
      tags,
      summary: setting.save,
      params,
      body: schema,
      response: { 200: schema },
    }),
  };
}
