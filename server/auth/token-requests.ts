import type { IncomingMessage } from "node:http";
import type Provider from "oidc-provider";

/** oidc-provider reads at most this much of a token request's body, so reading ahead more is never needed. */
const BODY_LIMIT = 56 * 1024;
/** The provider's codes and refresh tokens are base64url; anything else cannot be one and is not looked up. */
const TOKEN_VALUE = /^[A-Za-z0-9_-]{16,256}$/;

/**
 * The form a request carries, read ahead and put back into the request for oidc-provider to read as if untouched.
 * Undefined when it cannot be read ahead: no declared length (a chunked body), too long, or the client left.
 */
function peekForm(request: IncomingMessage): Promise<URLSearchParams | undefined> {
  const length = Number(request.headers["content-length"]);
  if (!Number.isInteger(length) || length <= 0 || length > BODY_LIMIT) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", onEnd);
      request.pause();
    };
    // Put back synchronously, inside the last chunk's event, before the stream could signal its end.
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (received < length) return;
      stop();
      const body = Buffer.concat(chunks);
      request.unshift(body);
      resolve(new URLSearchParams(body.toString("utf8")));
    };
    // Shorter than declared, or broken off: oidc-provider refuses what is left as such.
    const onEnd = () => {
      stop();
      resolve(undefined);
    };
    request.on("data", onData);
    request.once("end", onEnd);
    request.once("error", onEnd);
  });
}

/**
 * Whose code or refresh token a token request presents, as `client:account`, or undefined when it presents none the
 * provider knows (a guess, an expired one, another grant type): those are counted per address instead.
 */
export async function tokenRequestHolder(provider: Provider, request: IncomingMessage): Promise<string | undefined> {
  if (!request.headers["content-type"]?.toLowerCase().startsWith("application/x-www-form-urlencoded")) return undefined;
  const form = await peekForm(request);
  const grantType = form?.get("grant_type");
  const value = grantType === "refresh_token" ? form?.get("refresh_token") : form?.get("code");
  if (!value || !TOKEN_VALUE.test(value)) return undefined;
  try {
    const token =
      grantType === "refresh_token"
        ? await provider.RefreshToken.find(value)
        : grantType === "authorization_code"
          ? await provider.AuthorizationCode.find(value)
          : undefined;
    return token?.clientId && token.accountId ? `${token.clientId}:${token.accountId}` : undefined;
  } catch {
    return undefined;
  }
}
