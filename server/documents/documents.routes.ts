import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DOCUMENT_ATTACHMENTS } from "../attachments/attachments.repository.ts";
import { attachmentRoutes } from "../attachments/attachments.routes.ts";
import { bulkDataFiles } from "../bulk-data/files.repository.ts";
import { logoFiles } from "../company-settings/company-settings.repository.ts";
import { attachmentsApi } from "../contract/attachments.api.ts";
import { documentsApi as routes } from "../contract/documents.api.ts";
import { contentDisposition, parseRange } from "../files/downloads.ts";
import { uploadReader } from "../files/uploads.ts";
import { referencedBanners } from "../forms/forms.service.ts";
import { contractRoute, contractRoutes } from "../http/contract-route.ts";
import { recordOfPath } from "../http/record-path.ts";
import { profileImageFiles } from "../users/users.repository.ts";
import * as service from "./documents.service.ts";

/** Shown in the browser rather than saved: types that cannot run script in the page (no HTML, no SVG). */
const INLINE_TYPES = /^(application\/pdf|image\/(png|jpeg|gif|webp)|text\/plain)$/;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Documents: upload (multipart, streamed into storage) as `documentsApi` declares it, and download; reading, editing
 * and deleting are the generic record calls.
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(attachmentRoutes(DOCUMENT_ATTACHMENTS, attachmentsApi.documents));

  const serve = contractRoutes(app);
  serve.created(routes.upload, (request) =>
    service.uploadDocument(app.db, request.actor, uploadReader(request, app.storage), app.maxUploadBytes),
  );
  serve.created(routes.uploadAttached, (request) => {
    const read = uploadReader(request, app.storage);
    return service.uploadDocument(app.db, request.actor, read, app.maxUploadBytes, recordOfPath(request.params));
  });

  app.route({
    ...contractRoute(routes.download),
    handler: async (request, reply) => {
      const file = await service.documentFile(app.db, request.actor, request.params.id);
      const etag = `"${file.key}"`;
      const inline = request.query.inline === "true" && INLINE_TYPES.test(file.mime);
      reply
        .header("content-type", file.mime)
        .header("content-disposition", contentDisposition(inline ? "inline" : "attachment", file.fileName))
        .header("etag", etag)
        .header("accept-ranges", "bytes")
        .header("cache-control", "private, no-cache")
        .header("x-content-type-options", "nosniff");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      const range =
        request.headers["if-range"] && request.headers["if-range"] !== etag
          ? undefined
          : parseRange(request.headers.range, file.size);
      if (range === "unsatisfiable") {
        return reply.status(416).header("content-range", `bytes */${file.size}`).send();
      }
      if (range) {
        return reply
          .status(206)
          .header("content-range", `bytes ${range.start}-${range.end}/${file.size}`)
          .header("content-length", range.end - range.start + 1)
          .send(app.storage.read(file.key, range));
      }
      return reply.header("content-length", file.size).send(app.storage.read(file.key));
    },
  });

  // Files nothing names any more (deleted documents, a replaced profile image, logo or form banner, uploads whose row failed) go after a
  // grace period.
  const sweep = async () => {
    try {
      const result = await app.storage.sweep({
        graceMs: service.ORPHAN_GRACE_MS,
        referenced: async (keys) => {
          const named = await service.referencedFiles(app.db, keys);
          for (const key of await profileImageFiles(app.db, keys)) named.add(key);
          for (const key of await logoFiles(app.db, keys)) named.add(key);
          for (const key of await bulkDataFiles(app.db, keys)) named.add(key);
          for (const key of await referencedBanners(app.db, keys)) named.add(key);
          return named;
        },
      });
      if (result.removedFiles + result.removedUploads > 0) app.log.info(result, "stored files swept");
    } catch (error) {
      app.log.error({ err: error }, "sweeping stored files failed");
    }
  };
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
};
