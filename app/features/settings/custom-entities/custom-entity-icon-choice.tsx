import { chakra, Fieldset, SimpleGrid } from "@chakra-ui/react";
import { type FieldMetadata, getCollectionProps } from "@conform-to/react";
import { entityIcons } from "../../../../server/contract/custom-entities.ts";
import { EntityIconView } from "../../../components/entity-icons.tsx";
import { useMessageText } from "../../../utils/message-text.ts";
import { useTranslation } from "../../../utils/translation.tsx";
import { useIconName } from "./custom-entities-screen.tsx";

// A native radio button: its checked state shows, and the frame follows it through CSS, with or without JavaScript.
const IconOption = chakra("label", {
  base: {
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    gap: "1",
    p: "2",
    borderWidth: "1px",
    borderColor: "border",
    rounded: "l2",
    cursor: "pointer",
    fontSize: "xs",
    textAlign: "center",
    "& svg": { width: "6", height: "6" },
    "& input": { accentColor: "teal.solid" },
    _hover: { bg: "bg.subtle" },
    "&:has(input:checked)": { borderColor: "teal.solid", bg: "teal.subtle" },
  },
});

/** The entity's icon in the menu: every icon as a radio button with its picture and name. */
export function IconChoice({ meta }: { meta: FieldMetadata<string | undefined> }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const iconName = useIconName();
  const choices = getCollectionProps(meta, { type: "radio", options: [...entityIcons] });
  return (
    <Fieldset.Root invalid={Boolean(meta.errors?.length)}>
      <Fieldset.Legend>{t("settings.entityPanel.icon")}</Fieldset.Legend>
      <Fieldset.Content>
        <SimpleGrid columns={{ base: 4, sm: 7 }} gap="2" data-testid="icon-choice">
          {choices.map(({ key, ...props }) => (
            <IconOption key={key}>
              <EntityIconView name={props.value} />
              <span>{iconName(props.value)}</span>
              <input {...props} />
            </IconOption>
          ))}
        </SimpleGrid>
      </Fieldset.Content>
      <Fieldset.ErrorText id={meta.errorId}>{meta.errors?.map(messageText).join(" ")}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
