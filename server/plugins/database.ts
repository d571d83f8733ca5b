import fs from "node:fs";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import { type DatabaseHandle, type DatabaseKind, openDatabase } from "../db/database.ts";
import type { DemoLanguage } from "../db/demo-language.ts";
import { migrateToLatest } from "../db/migrate.ts";
import type { Database } from "../db/schema.ts";
import { seedWorkspace } from "../db/seed.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbKind: DatabaseKind;
    dbPing: DatabaseHandle["ping"];
    /** Raw SQL on the same pool, for the job queue only: everything else goes through Kysely. */
    dbExecuteSql: DatabaseHandle["executeSql"];
    /** The embedded database's thread's memory (undefined on a PostgreSQL server): for tests and the benchmarks. */
    dbThreadMemory: DatabaseHandle["threadMemory"];
    /** The demo workspace was created by this start: what needs the other plugins (its files) is added after them. */
    demoCreated: boolean;
  }
}

export interface DatabasePluginOptions {
  databaseUrl?: string;
  dataDir: string;
  seedDemo: boolean;
  demoPassword?: string;
  /** The language the demo workspace is made in. */
  demoLanguage?: DemoLanguage;
  /** Where to leave a password generated now, for `npm start` to repeat it in its banner (and then delete). */
  demoPasswordNoticeFile?: string;
}

export default fp<DatabasePluginOptions>(
  async (app, options) => {
    const handle: DatabaseHandle = await openDatabase(options);
    let createdDemo = false;
    app.addHook("onClose", () => handle.close());
    try {
      const applied = await migrateToLatest(handle.db);
      if (applied.length > 0) app.log.info({ migrations: applied }, "database migrated");
      const seeded = await seedWorkspace(handle.db, {
        demo: options.seedDemo,
        demoPassword: options.demoPassword,
        demoLanguage: options.demoLanguage,
      });
      if (seeded.created) app.log.info({ demo: options.seedDemo }, "workspace created");
      createdDemo = seeded.created && options.seedDemo;
      if (seeded.generatedDemoPassword) {
        // Shown once: it is stored only as a hash. Under npm start its banner shows it, and the API's output goes to
        // a log file, where a password does not belong.
        if (options.demoPasswordNoticeFile) {
          fs.writeFileSync(options.demoPasswordNoticeFile, seeded.generatedDemoPassword, { mode: 0o600 });
        } else {
          console.log(
            `\n  Demo sign-in: admin@example.com, employee@example.com or readonly@example.com\n  Password:     ${seeded.generatedDemoPassword}   (shown only now; set DEMO_PASSWORD to choose it)\n`,
          );
        }
      }
    } catch (error) {
      await handle.close();
      throw error;
    }
    app.decorate("db", handle.db);
    app.decorate("dbKind", handle.kind);
    app.decorate("dbPing", handle.ping);
    app.decorate("dbExecuteSql", handle.executeSql);
    app.decorate("dbThreadMemory", handle.threadMemory);
    app.decorate("demoCreated", createdDemo);
  },
  { name: "database" },
);
