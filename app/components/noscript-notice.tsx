import { Alert, Box, CloseButton, VisuallyHidden } from "@chakra-ui/react";
import { useId } from "react";
import { useTranslation } from "../utils/translation.tsx";
import { CloseIcon } from "./icons.tsx";
import type { FlashToastData } from "./toaster.tsx";

/**
 * The server's notice for browsers without JavaScript (see FlashToast): at the top of the page's content, where it
 * covers nothing, and it can be dismissed without a script: the × is the label of a checkbox that hides it.
 */
export default function NoscriptNotice({ status, title }: { status: FlashToastData["status"]; title: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Box mb="4" css={{ "& > input:checked + *": { display: "none" } }}>
      <VisuallyHidden asChild>
        <input type="checkbox" id={id} aria-label={t("common.dismiss")} />
      </VisuallyHidden>
      <Alert.Root status={status === "error" ? "warning" : status} role="status" data-testid="noscript-notice">
        <Alert.Indicator />
        <Alert.Title flex="1">{title}</Alert.Title>
        <CloseButton size="sm" asChild>
          <label htmlFor={id} title={t("common.dismiss")}>
            <CloseIcon />
          </label>
        </CloseButton>
      </Alert.Root>
    </Box>
  );
}
