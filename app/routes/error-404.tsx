import { Button, Heading, Stack, Text } from "@chakra-ui/react";
import { data, Link } from "react-router";
import type { RouteHandle } from "../utils/layout.ts";
import { useTranslation } from "../utils/translation.tsx";

export const handle: RouteHandle = { layout: "full" };

export async function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack gap="4" maxW="lg" textAlign="center" align="center">
      <Text fontSize="6xl" fontWeight="bold" color="teal.fg" lineHeight="1">
        404
      </Text>
      <Heading as="h1" size="2xl">
        {t("errors.notFoundTitle")}
      </Heading>
      <Text color="fg.muted">{t("errors.notFoundText")}</Text>
      <Button asChild colorPalette="teal">
        <Link to="/">{t("errors.backHome")}</Link>
      </Button>
    </Stack>
  );
}

export function meta() {
  return [{ title: "404 · Workspace" }];
}
