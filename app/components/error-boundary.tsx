import { Heading, Text } from "@chakra-ui/react";
import { isRouteErrorResponse, Link } from "react-router";
import { useTranslation } from "../utils/translation.tsx";
import { Button } from "./button.tsx";
import { Stack } from "./layout.tsx";

interface GeneralErrorBoundaryProps {
  error: unknown;
  status: number;
}

/** One error view for the whole app; internals are never shown to the user. */
export function GeneralErrorBoundary({ error, status }: GeneralErrorBoundaryProps) {
  const { t } = useTranslation();
  if (typeof document === "undefined" && !isRouteErrorResponse(error)) console.error(error);
  const text = status === 403 ? t("errors.forbidden") : status === 404 ? t("errors.notFoundText") : t("errors.oops");
  return (
    <Stack gap="4" maxW="lg" textAlign="center" align="center" role="alert">
      <Heading size="3xl">{t("errors.status", { status })}</Heading>
      <Text color="fg.muted">{text}</Text>
      <Button asChild colorPalette="teal">
        <Link to="/">{t("errors.backHome")}</Link>
      </Button>
    </Stack>
  );
}
