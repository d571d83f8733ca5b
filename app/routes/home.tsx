import { Card, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "../middleware/auth.server.ts";
import { getLocale } from "../middleware/i18next.server.ts";
import { formatDate, today } from "../utils/dates.ts";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const apiDocsUrl = `${process.env.PUBLIC_API_URL ?? process.env.API_URL ?? "http://localhost:4000"}/api/docs`;
  // The date is fixed by the server so the first paint and the hydrated page agree.
  return {
    name: `${user.firstName} ${user.lastName}`,
    today: formatDate(today(user.timeZone), { language: getLocale(context), timeZone: user.timeZone }),
    apiDocsUrl,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t("home.greeting", { name: loaderData.name })}
      </Heading>
      <Card.Root>
        <Card.Body gap="2">
          <Text>{t("app.tagline")}</Text>
          <Text color="fg.muted" data-testid="today">
            {t("home.today", { date: loaderData.today })}
          </Text>
          <Link href={loaderData.apiDocsUrl} colorPalette="teal" color="colorPalette.fg">
            {t("home.apiDocs")}
          </Link>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
