import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { EXPORT_JOB } from "../bulk-data/exports.jobs.ts";
import { formTexts } from "../contract/form-texts.ts";
import { formsApi as routes } from "../contract/forms.api.ts";
import { uploadReader } from "../files/uploads.ts";
import { type ContractRequest, contractRoute, contractRoutes } from "../http/contract-route.ts";
import { DomainError } from "../http/errors.ts";
import { enqueueAutoMerge } from "./form-merge.jobs.ts";
import * as merges from "./form-merge.service.ts";
import * as service from "./forms.service.ts";
import { initiateSubmissionsExport } from "./submissions-export.ts";

/** Web forms as staff build them and read their submissions (`formsApi`), behind the API's sign-in. */
export const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  const serve = contractRoutes(app);
  serve(routes.list, (request) => service.listForms(app.db, request.actor, request.query));
  serve.created(routes.create, (request) => service.createForm(app.db, request.actor, request.body));
  serve(routes.builderOptions, (request) => service.builderOptions(app.db, request.actor));
  serve(routes.get, (request) => service.getForm(app.db, request.actor, request.params.id));
  serve(routes.update, (request) => service.updateForm(app.db, request.actor, request.params.id, request.body));
  serve.noContent(routes.delete, (request) => service.deleteForm(app.db, request.actor, request.params.id));
  serve(routes.unlink, (request) => service.unlinkForm(app.db, request.actor, request.params.id));
  serve(routes.uploadBanner, (request) =>
    service.uploadBanner(app.db, request.actor, request.params.id, uploadReader(request, app.storage)),
  );
  serve(routes.removeBanner, (request) => service.removeBanner(app.db, request.actor, request.params.id));
  serve(routes.submissions, (request) =>
    service.listSubmissions(app.db, request.actor, request.params.id, request.query),
  );
  serve(routes.submission, (request) =>
    service.getSubmission(app.db, request.actor, request.params.id, request.params.submissionId),
  );
  serve.accepted(routes.exportSubmissions, (request) =>
    initiateSubmissionsExport(
      app.db,
      (exportId) => app.jobs.send(EXPORT_JOB, { exportId }),
      request.actor,
      request.params.id,
      request.query,
    ),
  );
  serve(routes.mergeProposal, (request) =>
    merges.mergeProposal(app.db, request.actor, request.params.id, request.params.submissionId),
  );
  serve(routes.merge, (request) =>
    merges.mergeSubmission(app.db, request.actor, request.params.id, request.params.submissionId, request.body),
  );
  serve(routes.dismiss, (request) =>
    merges.dismissSubmission(app.db, request.actor, request.params.id, request.params.submissionId),
  );
};

export interface PublicFormsOptions {
  limits: service.SubmissionLimits;
  /** Submissions this process works on at once (FORM_SUBMISSIONS_IN_PROGRESS). */
  inProgressMax: number;
}

/** The largest submission body: every answer of a long form, far below what would weigh on the API. */
export const SUBMISSION_BODY_LIMIT = 512 * 1024;

/**
 * The public side of web forms (`formsApi.publicForm`, `publicBanner`, `submit`): no token needed, but one taken when
 * sent (a form for signed-in users asks for it). The client's address is `request.ip`: a forwarded one counts only
 * from the trusted proxies (TRUST_PROXY), such as the web app that serves the public page.
 */
export const publicFormsRoutes: FastifyPluginAsyncZod<PublicFormsOptions> = async (app, { limits, inProgressMax }) => {
  // A token that is sent must be good; none is fine here (the service asks for one where the form does).
  const optionalSignIn = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization) await app.authenticate(request, reply);
  };
  const signedIn = (request: FastifyRequest) => request.actor ?? null;

  app.route({
    ...contractRoute(routes.publicForm),
    preHandler: optionalSignIn,
    handler: async (request: ContractRequest<typeof routes.publicForm>, reply) => {
      const form = await service.publicForm(app.db, request.params.publicId, signedIn(request), Date.now());
      // Each answer carries its own token: never kept by a cache.
      return reply.header("cache-control", "no-store").send(form);
    },
  });

  app.route({
    ...contractRoute(routes.publicBanner),
    preHandler: optionalSignIn,
    handler: async (request: ContractRequest<typeof routes.publicBanner>, reply) => {
      const banner = await service.publicBanner(app.db, request.params.publicId, signedIn(request));
      const etag = `"${banner.key}"`;
      reply
        .header("content-type", banner.mime)
        .header("etag", etag)
        // Its address changes with the image (?v=): a browser keeps it a day and asks again after.
        .header("cache-control", "public, max-age=86400")
        .header("x-content-type-options", "nosniff");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      return reply.header("content-length", banner.size).send(app.storage.read(banner.key));
    },
  });

  // Submissions being worked on in this process. Past the limit one is answered at once, before its body is read: a
  // flood faster than the database takes it then costs a short answer each, not memory until the process fails.
  let inProgress = 0;
  app.route({
    ...contractRoute(routes.submit),
    bodyLimit: SUBMISSION_BODY_LIMIT,
    onRequest: async (_request, reply) => {
      if (inProgress >= inProgressMax) {
        reply.header("retry-after", 1);
        throw new DomainError(503, "ServiceUnavailableException", formTexts.tooMany);
      }
      inProgress++;
      // Once, whether the answer was sent or the client went away.
      reply.raw.once("close", () => {
        inProgress--;
      });
    },
    preHandler: optionalSignIn,
    // Every refusal is counted for its form, whatever refused it: this service, the body's schema, the guard against
    // text PostgreSQL cannot store, the body's size.
    onError: async (request: FastifyRequest, _reply, error: FastifyError | DomainError) => {
      const status = error instanceof DomainError ? error.status : (error.statusCode ?? 500);
      if (status < 400 || status >= 500 || status === 404) return;
      const reason = error instanceof service.FormRefusal ? error.reason : status === 413 ? "tooLarge" : "invalid";
      const publicId = (request.params as { publicId?: unknown }).publicId;
      if (typeof publicId === "string" && publicId.length <= 64) await service.countRefusal(app.db, publicId, reason);
    },
    handler: async (request: ContractRequest<typeof routes.submit>, reply) => {
      const { uuid, autoMerge } = await service.submit(app.db, request.params.publicId, request.body, {
        ip: request.ip,
        signedIn: signedIn(request),
        now: Date.now(),
        limits,
      });
      // The merge runs in the background: the public request waits for no more than the queue's insert.
      if (autoMerge) await enqueueAutoMerge(app, uuid);
      return reply.status(201).send({ uuid });
    },
  });
};
