/**
 * The API's upload path alone in a process of its own, so a test can watch that process's memory while a large file
 * streams in: `node tests/support/upload-server.ts DATA_DIR MAX_MB` prints its address, then serves POST /upload.
 */
import Fastify from "fastify";
import { receiveUpload } from "../../server/files/uploads.ts";
import { registerErrorHandling } from "../../server/http/errors.ts";
import storagePlugin from "../../server/plugins/storage.ts";

const [dataDir, maxMegabytes] = process.argv.slice(2);
const app = Fastify();
registerErrorHandling(app);
await app.register(storagePlugin, { dataDir, maxUploadMegabytes: Number(maxMegabytes) });
app.post("/upload", async (request) => receiveUpload(request, app.storage, app.maxUploadBytes));
console.log(await app.listen({ port: 0, host: "127.0.0.1" }));
