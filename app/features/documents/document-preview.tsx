import { Box, chakra, Image, Stack, Text } from "@chakra-ui/react";
import type { RecordDto } from "../../../server/contract/records.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { useTranslation } from "../../utils/translation.tsx";

/** What the API shows inline (server/documents/documents.routes.ts): types that run no script in the page. */
const FRAMED = /^(application\/pdf|text\/plain)$/;
const IMAGES = /^image\/(png|jpeg|gif|webp)$/;

/**
 * A document's preview tab: a PDF or a text in a frame, an image as an image, all from the app's download route, so
 * it shows without JavaScript. Other types say so and offer the download.
 */
export function DocumentPreview({ record }: { record: RecordDto }) {
  const { t } = useTranslation();
  const mime = String(record.values.mime_type ?? "");
  const source = `/documents/${record.uuid}/download?inline=true`;
  const title = t("documents.previewTitle", { name: record.rowName });
  if (IMAGES.test(mime)) {
    return (
      <Box data-testid="document-preview">
        <Image src={source} alt={title} maxW="full" maxH="75vh" borderWidth="1px" borderRadius="md" />
      </Box>
    );
  }
  if (FRAMED.test(mime)) {
    return (
      <Stack gap="2" data-testid="document-preview">
        <chakra.iframe src={source} title={title} w="full" h="75vh" borderWidth="1px" borderRadius="md" bg="white" />
        <Text fontSize="sm">
          <a href={source} target="_blank" rel="noopener">
            {t("documents.openInNewTab")}
          </a>
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="3" align="start" data-testid="document-preview">
      <Text color="fg.muted">{t("documents.noPreview")}</Text>
      <ButtonLink variant="primary" to={`/documents/${record.uuid}/download`} reloadDocument>
        {t("documents.download")}
      </ButtonLink>
    </Stack>
  );
}
