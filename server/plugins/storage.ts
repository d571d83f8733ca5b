import path from "node:path";
import multipart from "@fastify/multipart";
import fp from "fastify-plugin";
import { type FileStorage, LocalFileStorage } from "../files/storage.ts";

declare module "fastify" {
  interface FastifyInstance {
    storage: FileStorage;
    /** The largest upload taken, in bytes (MAX_UPLOAD_MB). */
    maxUploadBytes: number;
  }
}

export interface StoragePluginOptions {
  dataDir: string;
  maxUploadMegabytes: number;
}

/**
 * Files under DATA_DIR/files, and multipart requests read as streams: a route reads its upload with receiveUpload
 * (server/files/uploads.ts), which stores it without holding it in memory.
 */
export default fp<StoragePluginOptions>(
  async (app, options) => {
    const maxUploadBytes = options.maxUploadMegabytes * 1024 * 1024;
    await app.register(multipart, {
      // Per request, receiveUpload sets the same and checks again; this holds for any other reader.
      limits: { fileSize: maxUploadBytes, files: 1 },
    });
    app.decorate("storage", new LocalFileStorage(path.join(options.dataDir, "files")));
    app.decorate("maxUploadBytes", maxUploadBytes);
  },
  { name: "storage" },
);
