/** The provider's own pages (sign-in, invitation, messages): plain HTML forms in the dark skin. */

import { PASSWORD_MIN_LENGTH } from "../contract/identity.ts";
import { serverText } from "../i18n.ts";
import { type PageTexts, pageTextsEnglish } from "./page-texts.ts";

export type PageLanguage = "en" | "nb";

/** The pages' texts in a language. */
export function pageTexts(language: PageLanguage): PageTexts {
  const text = (key: keyof PageTexts) => serverText(language, `pages.${key}`);
  return Object.fromEntries(
    (Object.keys(pageTextsEnglish) as (keyof PageTexts)[]).map((key) => [key, text(key)]),
  ) as PageTexts;
}

/** ui_locales from the authorization request first, then the browser's languages. */
export function pageLanguage(...candidates: (string | undefined | null)[]): PageLanguage {
  for (const candidate of candidates) {
    for (const tag of (candidate ?? "").split(/[\s,]+/)) {
      const primary = tag.split(";")[0].trim().toLowerCase().split("-")[0];
      if (primary === "no" || primary === "nb" || primary === "nn") return "nb";
      if (primary === "en") return "en";
    }
  }
  return "en";
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const styles = `
:root{color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#111111;color:#fafafa;
font-family:Inter,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;line-height:1.5}
main{width:min(100% - 2rem,24rem);background:#18181b;border:1px solid #27272a;border-radius:.75rem;padding:2rem;
box-shadow:0 10px 30px rgba(0,0,0,.4)}
.brand{display:flex;align-items:center;gap:.5rem;font-weight:700;font-size:1.125rem;margin-bottom:1.5rem}
.logo{width:1.75rem;height:1.75rem;border-radius:.375rem;background:#0d9488;display:grid;place-items:center}
h1{font-size:1.25rem;margin:0 0 1rem}
label{display:block;font-size:.875rem;font-weight:500;margin:1rem 0 .375rem}
input{width:100%;padding:.5rem .75rem;border-radius:.375rem;border:1px solid #3f3f46;background:#09090b;color:inherit;font:inherit}
input:focus{outline:2px solid #14b8a6;outline-offset:1px}
button,.button{display:inline-block;width:100%;margin-top:1.5rem;padding:.625rem;border:0;border-radius:.375rem;background:#0f766e;
color:#fff;font:inherit;font-weight:600;cursor:pointer;text-align:center;text-decoration:none}
button:hover,.button:hover{background:#115e59}
.alert{margin:0 0 1rem;padding:.625rem .75rem;border-radius:.375rem;background:#450a0a;border:1px solid #7f1d1d;color:#fecaca}
.info{margin:0 0 1rem;color:#d4d4d8}
`;

function layout(language: PageLanguage, title: string, body: string): string {
  return `<!DOCTYPE html><html lang="${language}" class="dark"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title>
<style>${styles}</style></head><body><main>
<div class="brand"><span class="logo">W</span>Workspace</div>${body}</main></body></html>`;
}

function alert(message?: string): string {
  return message ? `<p class="alert" role="alert">${escapeHtml(message)}</p>` : "";
}

export function renderLoginPage(options: { language: PageLanguage; uid: string; email?: string; error?: string }) {
  const t = pageTexts(options.language);
  return layout(
    options.language,
    t.signInTitle,
    `<h1>${t.signInTitle}</h1>${alert(options.error)}
<form method="post" action="/auth/login">
<input type="hidden" name="uid" value="${escapeHtml(options.uid)}">
<label for="email">${t.email}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? "")}"${options.email ? "" : " autofocus"}>
<label for="password">${t.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${options.email ? " autofocus" : ""}>
<button type="submit">${t.signIn}</button>
</form>`,
  );
}

export function renderRegisterPage(options: { language: PageLanguage; token: string; error?: string }) {
  const t = pageTexts(options.language);
  return layout(
    options.language,
    t.registerTitle,
    `<h1>${t.registerTitle}</h1>${alert(options.error)}
<form method="post" action="/jwt/register">
<input type="hidden" name="token" value="${escapeHtml(options.token)}">
<label for="password">${t.newPassword}</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" required autofocus>
<button type="submit">${t.register}</button>
</form>`,
  );
}

export function renderMessagePage(options: {
  language: PageLanguage;
  title: string;
  message: string;
  link?: { href: string; label: string };
}) {
  const link = options.link
    ? `<a class="button" href="${escapeHtml(options.link.href)}">${escapeHtml(options.link.label)}</a>`
    : "";
  return layout(
    options.language,
    options.title,
    `<h1>${escapeHtml(options.title)}</h1><p class="info">${escapeHtml(options.message)}</p>${link}`,
  );
}
