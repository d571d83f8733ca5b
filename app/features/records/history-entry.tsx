import { Box, Card, Text } from "@chakra-ui/react";
import { useDateSettings } from "../../utils/date-settings.ts";
import { formatDateTime } from "../../utils/dates.ts";
import { useTranslation } from "../../utils/translation.tsx";
import { splitHistoryText } from "./history.ts";

/**
 * One entry of a history (a record's, a user's): what happened, when, and its text cut at the spec's length with a
 * read-more that opens without JavaScript. Plain text: React escapes it, and pre-line keeps its line breaks, the only
 * markup allowed.
 */
export function HistoryEntryCard({ title, text, at }: { title: string; text: string; at: string }) {
  const { t } = useTranslation();
  const dates = useDateSettings();
  const { shown, rest } = splitHistoryText(text);
  return (
    <Card.Root size="sm" data-testid="history-entry">
      <Card.Body gap="1">
        <Text fontWeight="medium">{title}</Text>
        <Text fontSize="xs" color="fg.muted">
          {formatDateTime(at, dates)}
        </Text>
        <Text whiteSpace="pre-line" wordBreak="break-word">
          {shown}
          {rest && "…"}
        </Text>
        {rest && (
          <Box as="details">
            <Box as="summary" cursor="pointer" color="teal.fg">
              {t("common.readMore")}
            </Box>
            <Text whiteSpace="pre-line" wordBreak="break-word">
              {text}
            </Text>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
