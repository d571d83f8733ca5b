import { Alert, Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { OverviewBlock, OverviewBlockKey } from "../../../../server/contract/overview-blocks.ts";
import { ButtonLink } from "../../../components/button-link.tsx";
import { CheckLabel } from "../../../components/check-label.tsx";
import { SubmitButton } from "../../../components/form-field.tsx";
import { LinkTabs } from "../../../components/link-tabs.tsx";
import { Page, PageHeader } from "../../../components/page-header.tsx";
import { StatusBadge } from "../../../components/status-badge.tsx";
import { useHydrated } from "../../../utils/hydrated.ts";
import { useMessageText } from "../../../utils/message-text.ts";
import { useSchemaForm } from "../../../utils/schema-form.ts";
import { useTranslation } from "../../../utils/translation.tsx";
import { useEntityName } from "../relationships/relationships-screen.tsx";
import { useSettingsMessage } from "../settings-messages.ts";
import { entityParam, overviewBlocksUrl } from "../urls.ts";
import {
  blockAnchor,
  OVERVIEW_FORM_ID,
  OVERVIEW_LIST_ANCHOR,
  orderOf,
  overviewBlocksFormSchema,
  parseOverviewBlocksForm,
} from "./overview-block-form.ts";
import type { OverviewBlocksActionResult, OverviewBlocksData } from "./overview-blocks.server.ts";

type Direction = "up" | "down";

function moveButtonId(key: string, direction: Direction): string {
  return `${key}-${direction}`;
}

/** A block's name and what it shows, in the page's language; the related block is named for the entity's other side. */
export function useBlockText(entity: string) {
  const { t } = useTranslation();
  return (key: OverviewBlockKey) => {
    const related = entity === "crm.company" ? "tabs.contacts" : entity === "crm.contact" ? "tabs.companies" : null;
    return {
      name: key === "related" && related ? t(related) : t(`settings.overviewBlocks.blocks.${key}`),
      description: t(`settings.overviewBlocks.descriptions.${key}`),
    };
  };
}

/**
 * Which blocks each entity's 360-overview shows, in which order (spec §2 expanded-entity-overview-widgets): the
 * entities as tabs, and the chosen one's blocks, each with whether it is shown and buttons that move it, for those who
 * may change the settings; "Reset to default" asks first.
 */
export function OverviewBlocksScreen({
  entities,
  entity,
  tab,
  blocks,
  canUpdate,
  lastResult,
}: OverviewBlocksData & { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const entityName = useEntityName(entities);
  return (
    <Page>
      <PageHeader
        title={t("settings.overviewBlocks.title")}
        actions={
          canUpdate && (
            <ButtonLink to={overviewBlocksUrl(tab, { confirm: "reset" })}>
              {t("settings.overviewBlocks.reset")}
            </ButtonLink>
          )
        }
      />
      <LinkTabs
        label={t("settings.overviewBlocks.filter")}
        tabs={entities.map((e) => ({
          to: overviewBlocksUrl(entityParam(e)),
          label: entityName(entityParam(e), "many"),
          current: entityParam(e) === entity,
        }))}
      />
      <Text color="fg.muted">{t("settings.overviewBlocks.intro")}</Text>
      {canUpdate ? (
        // Another entity is another form.
        <BlocksForm key={entity} entity={entity} tab={tab} blocks={blocks} lastResult={lastResult} />
      ) : (
        <BlockList entity={entity} blocks={blocks} />
      )}
    </Page>
  );
}

/** The blocks in order, to read only. */
function BlockList({ entity, blocks }: { entity: string; blocks: OverviewBlock[] }) {
  const { t } = useTranslation();
  return (
    <Stack as="ol" gap="2" listStyle="none" id={OVERVIEW_LIST_ANCHOR} data-testid="overview-blocks">
      {blocks.map((block, index) => (
        <BlockRow key={block.key} entity={entity} block={block} index={index}>
          <StatusBadge palette={block.shown ? "teal" : "gray"}>
            {block.shown ? t("settings.overviewBlocks.shown") : t("settings.overviewBlocks.hidden")}
          </StatusBadge>
        </BlockRow>
      ))}
    </Stack>
  );
}

function BlockRow({
  entity,
  block,
  index,
  children,
}: {
  entity: string;
  block: OverviewBlock;
  index: number;
  children: ReactNode;
}) {
  const text = useBlockText(entity)(block.key);
  return (
    <Box
      as="li"
      id={blockAnchor(block.key)}
      data-testid={blockAnchor(block.key)}
      borderWidth="1px"
      borderRadius="md"
      px="4"
      py="3"
      scrollMarginTop="24"
    >
      <HStack gap="4" justify="space-between" wrap="wrap">
        <HStack gap="3" align="flex-start" minW="0" flex="1">
          <Text fontWeight="semibold" color="fg.muted" minW="5" aria-hidden="true">
            {index + 1}.
          </Text>
          <Stack gap="0.5" minW="0">
            <Text fontWeight="medium" data-testid="block-name">
              {text.name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {text.description}
            </Text>
          </Stack>
        </HStack>
        <HStack gap="3">{children}</HStack>
      </HStack>
    </Box>
  );
}

/**
 * Whether a block is shown. With JavaScript a change saves at once: the form goes as it is now, this box's new state
 * included. The box follows the saved state when it changes otherwise (a reset).
 */
function ShownCheckbox({ id, name, shown, label }: { id: string; name: string; shown: boolean; label: string }) {
  const { t } = useTranslation();
  const [checked, setChecked] = useState(shown);
  const [saved, setSaved] = useState(shown);
  if (saved !== shown) {
    setSaved(shown);
    setChecked(shown);
  }
  return (
    <CheckLabel>
      <input
        type="checkbox"
        id={id}
        name={name}
        checked={checked}
        aria-label={label}
        onChange={(event) => {
          setChecked(event.currentTarget.checked);
          event.currentTarget.form?.requestSubmit();
        }}
      />
      {t("settings.overviewBlocks.show")}
    </CheckLabel>
  );
}

/**
 * The blocks as one form that always posts the whole order: a checkbox per block (with JavaScript a change saves at
 * once; without, Save does) and each block's up and down, which save the order with that block moved. With
 * JavaScript the form goes by a fetcher, and the list shows the change before the answer comes.
 */
function BlocksForm({
  entity,
  tab,
  blocks,
  lastResult,
}: {
  entity: string;
  tab: string | null;
  blocks: OverviewBlock[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<OverviewBlocksActionResult>();
  const blockText = useBlockText(entity);
  const settingsMessage = useSettingsMessage();
  const messageText = useMessageText();
  const [form] = useSchemaForm(overviewBlocksFormSchema, {
    id: OVERVIEW_FORM_ID,
    lastResult: fetcher.data?.result ?? lastResult,
    shouldValidate: "onBlur",
    parse: parseOverviewBlocksForm,
  });
  // What is on its way shows at once; the answer then reads the same.
  const pending = fetcher.formData ? parseOverviewBlocksForm(fetcher.formData) : null;
  const shown = pending?.status === "success" ? orderOf(pending.value) : blocks;

  // The moved block's button keeps the focus as its row moves; at either end, where it is disabled, its other one.
  const moved = useRef<{ key: string; direction: Direction } | null>(null);
  const order = shown.map((block) => block.key).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus is put back each time the order changes.
  useLayoutEffect(() => {
    if (!moved.current) return;
    const { key, direction } = moved.current;
    const button = document.getElementById(moveButtonId(key, direction));
    if (!(button instanceof HTMLButtonElement)) return;
    if (button.disabled) document.getElementById(moveButtonId(key, direction === "up" ? "down" : "up"))?.focus();
    else if (document.activeElement !== button) button.focus();
  }, [order]);

  const action = overviewBlocksUrl(tab);
  const errors = form.errors ?? [];
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)}>
      {hydrated && <input type="hidden" name="js" value="1" />}
      {errors.length > 0 && (
        <Alert.Root status="error" id={form.errorId} data-testid="form-error" mb="3">
          <Alert.Indicator />
          <Alert.Title>{errors.map((error) => messageText(settingsMessage(error))).join(" ")}</Alert.Title>
        </Alert.Root>
      )}
      <Stack
        as="ol"
        gap="2"
        listStyle="none"
        id={OVERVIEW_LIST_ANCHOR}
        data-testid="overview-blocks"
        aria-label={t("settings.overviewBlocks.list")}
      >
        {shown.map((block, index) => {
          const name = `blocks[${index}]`;
          const { name: label } = blockText(block.key);
          return (
            <BlockRow key={block.key} entity={entity} block={block} index={index}>
              <input type="hidden" name={`${name}.key`} value={block.key} />
              {block.key === "fields" ? (
                <>
                  <input type="hidden" name={`${name}.shown`} value="on" />
                  <Text fontSize="sm" color="fg.muted">
                    {t("settings.overviewBlocks.fixed")}
                  </Text>
                </>
              ) : (
                <>
                  <ShownCheckbox
                    id={`${block.key}-shown`}
                    name={`${name}.shown`}
                    shown={block.shown}
                    label={t("settings.overviewBlocks.showBlock", { name: label })}
                  />
                  {(["up", "down"] as const).map((direction) => (
                    <Button
                      key={direction}
                      type="submit"
                      name="intent"
                      value={`${direction}:${block.key}`}
                      id={moveButtonId(block.key, direction)}
                      size="xs"
                      variant="outline"
                      disabled={direction === "up" ? index <= 1 : index === shown.length - 1}
                      aria-label={t(`settings.overviewBlocks.${direction === "up" ? "moveUp" : "moveDown"}`, {
                        name: label,
                      })}
                      onClick={() => {
                        moved.current = { key: block.key, direction };
                      }}
                    >
                      {direction === "up" ? "↑" : "↓"} {t(`settings.overviewBlocks.${direction}`)}
                    </Button>
                  ))}
                </>
              )}
            </BlockRow>
          );
        })}
      </Stack>
      <HStack mt="3" gap="3" minH="8">
        {/* With JavaScript a checkbox saves as it changes. */}
        {!hydrated && (
          <SubmitButton intent="save" size="sm">
            {t("common.save")}
          </SubmitButton>
        )}
        <Text role="status" fontSize="sm" color="fg.muted">
          {fetcher.state === "idle" && fetcher.data?.saved ? t("settings.overviewBlocks.saved") : ""}
        </Text>
      </HStack>
    </fetcher.Form>
  );
}
