import { chakra, Stack, Text } from "@chakra-ui/react";
import { useTranslation } from "../utils/translation.tsx";

const Choice = chakra("label", {
  base: {
    display: "flex",
    alignItems: "center",
    gap: "2",
    cursor: "pointer",
    py: "0.5",
    "& input": { accentColor: "teal.solid" },
  },
});

/**
 * Native radio buttons to pick one of a few results: how a search's matches are chosen without JavaScript (the
 * search dropdown needs it). Says so when there are none.
 */
export function ChoiceList({
  name,
  label,
  options,
  describedBy,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  describedBy?: string;
}) {
  const { t } = useTranslation();
  if (options.length === 0) return <Text color="fg.muted">{t("common.noResults")}</Text>;
  return (
    <Stack gap="0.5" role="radiogroup" aria-label={label} aria-describedby={describedBy}>
      {options.map((option) => (
        <Choice key={option.value}>
          <input type="radio" name={name} value={option.value} />
          {option.label}
        </Choice>
      ))}
    </Stack>
  );
}
