import { Button, Heading, Stack, Text } from "@chakra-ui/react";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { useTranslation } from "../utils/translation.tsx";

interface GeneralErrorBoundaryProps {
  error: unknown;
  status: number;
}

/** One error view for the whole app; internals are never shown to the user. */
export function GeneralErrorBoundary({ error, status }: GeneralErrorBoundaryProps) {
  const { t } = useTranslation();
  if (typeof document === "undefined" && !isRouteErrorResponse(error)) console.error(error);
  const location = useLocation();
  const busy = status === 429 || status === 503;
  const retryAfter = isRouteErrorResponse(error)
    ? (error.data as { retryAfter?: number } | null)?.retryAfter
    : undefined;
  const text = busy
    ? t("errors.busy", { count: retryAfter ?? 30 })
    : status === 403
      ? t("errors.forbidden")
      : status === 404
        ? t("errors.notFoundText")
        : status === 400
          ? t("errors.badRequest")
          : t("errors.oops");
  return (
    <Stack gap="4" maxW="lg" textAlign="center" align="center" role="alert">
      <Heading size="3xl">{t("errors.status", { status })}</Heading>
      <Text color="fg.muted">{text}</Text>
      {busy ? (
        // A plain link to the same page: it works without JavaScript, and whenever the user is ready.
        <Button asChild colorPalette="teal">
          <Link to={`${location.pathname}${location.search}`} reloadDocument>
            {t("errors.tryAgain")}
          </Link>
        </Button>
      ) : (
        <Button asChild colorPalette="teal">
          <Link to="/">{t("errors.backHome")}</Link>
        </Button>
      )}
    </Stack>
  );
}
