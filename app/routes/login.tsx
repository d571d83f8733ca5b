import { Alert, Button, Card, Heading, Stack, Text } from "@chakra-ui/react";
import { data, Form, redirect } from "react-router";
import { getUser, takeToast } from "../middleware/auth.server.ts";
import { getLocale } from "../middleware/i18next.server.ts";
import { authStateContext } from "../utils/api.server.ts";
import { getAuthenticator, withLanguage } from "../utils/auth.server.ts";
import { webEnv } from "../utils/env.server.ts";
import type { RouteHandle } from "../utils/layout.ts";
import { safeRedirectPath } from "../utils/redirect.ts";
import { commitSession } from "../utils/session.server.ts";
import { useTranslation } from "../utils/translation.tsx";
import type { Route } from "./+types/login";

export const handle: RouteHandle = { layout: "full", showsNotice: true };

/** Starts the authorization-code flow; the remembered target survives in the session. */
async function startSignIn(request: Request, context: Route.LoaderArgs["context"]): Promise<never> {
  const state = context.get(authStateContext)!;
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (redirectTo) state.session.set("redirect_to", safeRedirectPath(redirectTo, webEnv().appUrl));
  try {
    await getAuthenticator().authenticate("oauth2", withLanguage(request, getLocale(context)));
  } catch (thrown) {
    if (thrown instanceof Response) {
      thrown.headers.append("Set-Cookie", await commitSession(state.session));
      throw thrown;
    }
    throw thrown;
  }
  throw new Error("the sign-in flow did not redirect");
}

/** A session whose user the API asked to wait is still signed in: a new sign-in would meet the same limit. */
function refuseWhileBusy(context: Route.LoaderArgs["context"]) {
  const busy = context.get(authStateContext)?.busy;
  if (busy) throw busy;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  refuseWhileBusy(context);
  if (getUser(context))
    return redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), webEnv().appUrl));
  const toast = takeToast(context);
  // A notice (such as an expired session) is shown here first; otherwise go straight to sign-in.
  if (toast) return data({ toast });
  return startSignIn(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  refuseWhileBusy(context);
  if (getUser(context)) return redirect("/");
  return startSignIn(request, context);
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Card.Root maxW="sm" w="full">
      <Card.Body gap="4">
        <Heading as="h1" size="xl">
          {t("auth.signInTitle")}
        </Heading>
        <Alert.Root status={loaderData.toast.status === "error" ? "warning" : "info"} data-testid="login-notice">
          <Alert.Indicator />
          <Alert.Title>{t(loaderData.toast.message)}</Alert.Title>
        </Alert.Root>
        <Form method="post">
          <Stack>
            <Button type="submit" colorPalette="teal">
              {t("auth.signIn")}
            </Button>
          </Stack>
        </Form>
        <Text color="fg.muted" fontSize="sm">
          {t("app.tagline")}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

export function meta() {
  return [{ title: "Sign in · Workspace" }];
}
