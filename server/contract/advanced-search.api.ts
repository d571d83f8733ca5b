import { z } from "zod";
import {
  dataSourceInputSchema,
  dataSourceListQuerySchema,
  dataSourcePageSchema,
  dataSourceSchema,
  queryDefinitionSchema,
  queryExportQuerySchema,
  queryResultPageSchema,
  queryTypes,
  resultColumnSchema,
  runQuerySchema,
  savedQueryInputSchema,
  savedQueryListQuerySchema,
  savedQueryPageSchema,
  savedQuerySchema,
  searchCatalogSchema,
} from "./advanced-search.ts";
import { exportSchema } from "./bulk-data.ts";
import { apiRoute } from "./route.ts";

const tags = ["advanced search"];
const dataSourceTags = ["data sources"];
const typeParams = z.object({ queryType: z.enum(queryTypes) });
const idParams = typeParams.extend({ id: z.string().max(64) });
const dataSourceParams = z.object({ id: z.string().max(64) });
const catalogSummary =
  "The entities the user may read, their active shown fields (with operations and options), and the relationships that join them";
// These deletions answer 204 with no body.
const deleted = { 204: z.null() };

/**
 * Advanced search (contract/advanced-search.ts lists every path): the catalog, saved global and personal queries, runs
 * and exports under /api/advanced_search, and data sources under /api/dashboards/core.
 */
export const advancedSearchApi = {
  catalog: apiRoute({
    method: "GET",
    path: "/advanced_search/entities",
    tags,
    summary: catalogSummary,
    response: { 200: searchCatalogSchema },
  }),
  dataSourceCatalog: apiRoute({
    method: "GET",
    path: "/dashboards/core/datasource/entities",
    tags: dataSourceTags,
    summary: catalogSummary,
    response: { 200: searchCatalogSchema },
  }),
  run: apiRoute({
    method: "POST",
    path: "/advanced_search/run",
    tags,
    summary: "Run a definition that is not saved (the builder's preview): a page of its rows, and the total",
    querystring: runQuerySchema,
    body: queryDefinitionSchema,
    response: { 200: queryResultPageSchema },
  }),
  listSavedQueries: apiRoute({
    method: "GET",
    path: "/advanced_search/:queryType",
    tags,
    summary: "Saved queries of a type (personal: the user's own), newest change first; q from 3 characters",
    params: typeParams,
    querystring: savedQueryListQuerySchema,
    response: { 200: savedQueryPageSchema },
  }),
  createSavedQuery: apiRoute({
    method: "POST",
    path: "/advanced_search/:queryType",
    tags,
    summary: "Save a query of the type",
    params: typeParams,
    body: savedQueryInputSchema,
    response: { 201: savedQuerySchema },
  }),
  getSavedQuery: apiRoute({
    method: "GET",
    path: "/advanced_search/:queryType/:id",
    tags,
    summary: "A saved query (another user's personal query is not found)",
    params: idParams,
    response: { 200: savedQuerySchema },
  }),
  updateSavedQuery: apiRoute({
    method: "PUT",
    path: "/advanced_search/:queryType/:id",
    tags,
    summary: "Change a saved query's name, description and definition",
    params: idParams,
    body: savedQueryInputSchema,
    response: { 200: savedQuerySchema },
  }),
  deleteSavedQuery: apiRoute({
    method: "DELETE",
    path: "/advanced_search/:queryType/:id",
    tags,
    summary: "Delete a saved query",
    params: idParams,
    response: deleted,
  }),
  runSavedQuery: apiRoute({
    method: "GET",
    path: "/advanced_search/:queryType/:id/run",
    tags,
    summary: "Run a saved query: a page of its rows, and the total",
    params: idParams,
    querystring: runQuerySchema,
    response: { 200: queryResultPageSchema },
  }),
  exportSavedQuery: apiRoute({
    method: "PUT",
    path: "/advanced_search/:queryType/:id/initiate_export",
    tags,
    summary:
      "Export a saved query's whole result to .xlsx or .csv (lang=en|nb for the headers, else the user's language); a job writes the file, listed with the other exports; 202 with the export",
    params: idParams,
    querystring: queryExportQuerySchema,
    response: { 202: exportSchema },
  }),
  listDataSources: apiRoute({
    method: "GET",
    path: "/dashboards/core/datasource",
    tags: dataSourceTags,
    summary: "Data sources, newest change first; q from 3 characters; size up to 200",
    querystring: dataSourceListQuerySchema,
    response: { 200: dataSourcePageSchema },
  }),
  dataSourceFields: apiRoute({
    method: "GET",
    path: "/dashboards/core/datasource/fields/:id",
    tags: dataSourceTags,
    summary: "A data source's columns that widgets may use: key, labels, type, options",
    params: dataSourceParams,
    response: { 200: z.array(resultColumnSchema) },
  }),
  createDataSource: apiRoute({
    method: "POST",
    path: "/dashboards/core/datasource-advanced",
    tags: dataSourceTags,
    summary: 'Save a data source; 400 DatasourceValidationException "No Results Found" when its query gives no rows',
    body: dataSourceInputSchema,
    response: { 201: dataSourceSchema },
  }),
  getDataSource: apiRoute({
    method: "GET",
    path: "/dashboards/core/datasource-advanced/:id",
    tags: dataSourceTags,
    summary: "A data source",
    params: dataSourceParams,
    response: { 200: dataSourceSchema },
  }),
  updateDataSource: apiRoute({
    method: "PUT",
    path: "/dashboards/core/datasource-advanced/:id",
    tags: dataSourceTags,
    summary: 'Change a data source; 400 "No Results Found" when its query gives no rows',
    params: dataSourceParams,
    body: dataSourceInputSchema,
    response: { 200: dataSourceSchema },
  }),
  deleteDataSource: apiRoute({
    method: "DELETE",
    path: "/dashboards/core/datasource-advanced/:id",
    tags: dataSourceTags,
    summary: "Delete a data source",
    params: dataSourceParams,
    response: deleted,
  }),
};
