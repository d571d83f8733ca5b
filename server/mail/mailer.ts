import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import fp from "fastify-plugin";
import nodemailer, { type Transporter } from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** False when messages only go to the local outbox: nobody receives them unless someone reads it. */
  readonly delivers: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const FROM = "Workspace <no-reply@workspace.local>";

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/outbox. */
export function createMailer(options: { smtpUrl?: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      delivers: true,
      async send(message) {
        await transport.sendMail({ from: FROM, ...message });
      },
    };
  }
  const outbox = path.join(options.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    delivers: false,
    async send(message) {
      const info = await transport.sendMail({ from: FROM, ...message });
      fs.mkdirSync(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`;
      fs.writeFileSync(path.join(outbox, name), info.message as Buffer);
    },
  };
}

export default fp<{ smtpUrl?: string; dataDir: string }>(
  async (app, options) => {
    app.decorate("mailer", createMailer(options));
  },
  { name: "mailer" },
);
