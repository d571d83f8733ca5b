import { Badge, Box, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { type DragEvent, type MouseEvent, useState } from "react";
import { Link as RouterLink, useFetcher, useFetchers } from "react-router";
import type { ShortcutDto } from "../../../server/contract/shortcuts.ts";
import { ButtonLink } from "../../components/button-link.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { GripIcon } from "../../components/icons.tsx";
import { MoveButton } from "../../components/move-button.tsx";
import { Page, PageHeader } from "../../components/page-header.tsx";
import { SwitchButton } from "../../components/switch-button.tsx";
import { useHydrated } from "../../utils/hydrated.ts";
import { type Direction, useMoveFocus } from "../../utils/move-focus.ts";
import {
  moveShortcut,
  type RowIntent,
  rowIntents,
  SHORTCUTS_PATH,
  shortcutAnchor,
  shortcutsUrl,
} from "../../utils/shortcut-urls.ts";
import { useTranslation } from "../../utils/translation.tsx";
import type { ShortcutsActionResult } from "./shortcuts.server.ts";

const FETCHER_PREFIX = "shortcut:";
const ORDER_FETCHER = `${FETCHER_PREFIX}order`;
const rowFormId = (id: string) => `shortcut-row-${id}`;
const moveButtonId = (id: string, direction: Direction) => `shortcut-${direction}-${id}`;

type PendingChange = { intent: RowIntent; id: string } | { intent: "order"; ids: string[] };

/** The changes on their way (the page's script posts them with fetchers), oldest first. */
function usePendingChanges(): PendingChange[] {
  return useFetchers().flatMap((fetcher): PendingChange[] => {
    if (!fetcher.key.startsWith(FETCHER_PREFIX) || fetcher.state === "idle" || !fetcher.formData) return [];
    const intent = fetcher.formData.get("intent");
    if (intent === "order") {
      return [{ intent, ids: fetcher.formData.getAll("ids").filter((id): id is string => typeof id === "string") }];
    }
    const id = fetcher.formData.get("id");
    const known = (rowIntents as readonly unknown[]).includes(intent);
    return known && typeof id === "string" ? [{ intent: intent as RowIntent, id }] : [];
  });
}

/** The list as it will be once the changes on their way are saved: shown, hidden, moved. */
function withPendingChanges(shortcuts: ShortcutDto[], changes: PendingChange[]): ShortcutDto[] {
  let shown = shortcuts;
  const reorder = (ids: string[]) => {
    const byId = new Map(shown.map((shortcut) => [shortcut.uuid, shortcut]));
    const listed = ids.flatMap((id) => byId.get(id) ?? []);
    shown = [...listed, ...shown.filter((shortcut) => !ids.includes(shortcut.uuid))];
  };
  for (const change of changes) {
    if (change.intent === "order") reorder(change.ids);
    else if (change.intent === "up" || change.intent === "down") {
      reorder(
        moveShortcut(
          shown.map((shortcut) => shortcut.uuid),
          change.id,
          change.intent,
        ),
      );
    } else {
      const visible = change.intent === "show";
      shown = shown.map((shortcut) => (shortcut.uuid === change.id ? { ...shortcut, visible } : shortcut));
    }
  }
  return shown;
}

/**
 * The user's shortcuts (spec §2, §3): their own and the shared ones they see, in the menu's order. Each is shown or
 * hidden and moved up or down by its row's buttons, which are plain forms without JavaScript; with it, rows are also
 * dragged into place, and every change shows at once. The user's own ones are renamed and deleted here.
 */
export function ShortcutsScreen({ shortcuts }: { shortcuts: ShortcutDto[] }) {
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader title={t("shortcuts.title")} shortcut={false} />
      <Text color="fg.muted" fontSize="sm" maxW="prose">
        {t("shortcuts.intro")}
      </Text>
      {shortcuts.length === 0 ? (
        <EmptyState title={t("shortcuts.emptyTitle")} description={t("shortcuts.emptyText")} />
      ) : (
        <ShortcutList shortcuts={shortcuts} />
      )}
    </Page>
  );
}

function ShortcutList({ shortcuts }: { shortcuts: ShortcutDto[] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const pending = usePendingChanges();
  const rows = withPendingChanges(shortcuts, pending);
  const moving = pending.some((change) => change.intent !== "show" && change.intent !== "hide");
  const focusTarget = useMoveFocus(moveButtonId);
  const order = useFetcher<ShortcutsActionResult>({ key: ORDER_FETCHER });
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropBefore, setDropBefore] = useState<string | null>(null);

  /** Where a drop over `row` puts the dragged one: before it, or after it in the row's lower half. */
  const dropTarget = (event: DragEvent<HTMLElement>, id: string): string | null => {
    const box = event.currentTarget.getBoundingClientRect();
    const after = event.clientY > box.top + box.height / 2;
    const index = rows.findIndex((row) => row.uuid === id);
    return after ? (rows[index + 1]?.uuid ?? "end") : id;
  };
  const drop = () => {
    if (!dragged || !dropBefore) return;
    const ids = rows.map((row) => row.uuid).filter((id) => id !== dragged);
    const at = dropBefore === "end" ? ids.length : ids.indexOf(dropBefore);
    ids.splice(at < 0 ? ids.length : at, 0, dragged);
    if (ids.join() !== rows.map((row) => row.uuid).join()) {
      const body = new FormData();
      body.set("intent", "order");
      body.set("js", "1");
      for (const id of ids) body.append("ids", id);
      order.submit(body, { method: "post", action: SHORTCUTS_PATH });
    }
  };

  return (
    <Stack
      as="ol"
      gap="2"
      listStyle="none"
      data-testid="shortcut-list"
      aria-label={t("shortcuts.list")}
      // Busy while changes shown already are on their way.
      aria-busy={pending.length > 0 || undefined}
    >
      {rows.map((shortcut, index) => (
        <ShortcutRow
          key={shortcut.uuid}
          shortcut={shortcut}
          index={index}
          first={index === 0}
          last={index === rows.length - 1}
          draggable={hydrated && !moving}
          dragging={dragged === shortcut.uuid}
          dropMark={
            dragged && dragged !== shortcut.uuid
              ? dropBefore === shortcut.uuid
                ? "before"
                : dropBefore === "end" && index === rows.length - 1
                  ? "after"
                  : null
              : null
          }
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = "move";
            event.dataTransfer.setData("text/plain", shortcut.name);
            setDragged(shortcut.uuid);
          }}
          onDragOver={(event) => {
            if (!dragged) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = "move";
            const target = dropTarget(event, shortcut.uuid);
            if (target !== dropBefore) setDropBefore(target);
          }}
          onDrop={(event) => {
            event.preventDefault();
            drop();
            setDragged(null);
            setDropBefore(null);
          }}
          onDragEnd={() => {
            setDragged(null);
            setDropBefore(null);
          }}
          onMove={(event, direction) => {
            // Each move is made from the order saved last: one at a time.
            if (moving) event.preventDefault();
            else focusTarget.current = { id: shortcut.uuid, direction };
          }}
        />
      ))}
    </Stack>
  );
}

interface RowProps {
  shortcut: ShortcutDto;
  index: number;
  first: boolean;
  last: boolean;
  draggable: boolean;
  dragging: boolean;
  dropMark: "before" | "after" | null;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  onMove: (event: MouseEvent<HTMLButtonElement>, direction: Direction) => void;
}

function ShortcutRow({
  shortcut,
  index,
  first,
  last,
  draggable,
  dragging,
  dropMark,
  onDragStart,
  onDragOver,
  onDrop,
  onDragEnd,
  onMove,
}: RowProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<ShortcutsActionResult>({ key: `${FETCHER_PREFIX}${shortcut.uuid}` });
  const formId = rowFormId(shortcut.uuid);
  const name = shortcut.name;
  const audience =
    shortcut.visibility === "group" && shortcut.group
      ? t("shortcuts.sharedWithGroup", { group: shortcut.group.name })
      : shortcut.visibility === "admins"
        ? t("shortcuts.sharedWithAdmins")
        : shortcut.visibility === "everyone"
          ? t("shortcuts.sharedWithEveryone")
          : null;
  const moveButton = (direction: Direction, disabled: boolean) => (
    <MoveButton
      direction={direction}
      id={moveButtonId(shortcut.uuid, direction)}
      intent={direction}
      label={t(direction === "up" ? "shortcuts.moveUp" : "shortcuts.moveDown", { name })}
      form={formId}
      disabled={disabled}
      onMove={onMove}
    />
  );
  return (
    <Box
      as="li"
      id={shortcutAnchor(shortcut.uuid)}
      data-testid="shortcut-row"
      borderWidth="1px"
      borderRadius="md"
      px="4"
      py="3"
      scrollMarginTop="24"
      opacity={dragging ? 0.5 : 1}
      boxShadow={
        dropMark === "before"
          ? "inset 0 3px 0 {colors.teal.solid}"
          : dropMark === "after"
            ? "inset 0 -3px 0 {colors.teal.solid}"
            : undefined
      }
      draggable={draggable || undefined}
      onDragStart={draggable ? onDragStart : undefined}
      onDragOver={onDragOver}
      onDrop={onDrop}
      onDragEnd={onDragEnd}
    >
      <fetcher.Form method="post" action={SHORTCUTS_PATH} id={formId}>
        <input type="hidden" name="id" value={shortcut.uuid} />
        {/* The page's script wants an answer, not the page again. */}
        {hydrated && <input type="hidden" name="js" value="1" />}
      </fetcher.Form>
      <HStack gap="4" justify="space-between" wrap="wrap">
        <HStack gap="3" align="flex-start" minW="0" flex="1">
          {draggable && (
            <Box color="fg.muted" cursor="grab" pt="1" title={t("shortcuts.drag")} aria-hidden="true">
              <GripIcon />
            </Box>
          )}
          <Text fontWeight="semibold" color="fg.muted" minW="5" aria-hidden="true">
            {index + 1}.
          </Text>
          <Stack gap="0.5" minW="0">
            <Link asChild fontWeight="medium" colorPalette="teal" color="colorPalette.fg" data-testid="shortcut-name">
              <RouterLink to={shortcut.url} draggable={false}>
                {name}
              </RouterLink>
            </Link>
            <Text fontSize="sm" color="fg.muted" truncate>
              {shortcut.url}
            </Text>
            {audience && (
              <HStack>
                <Badge colorPalette="gray" variant="subtle">
                  {audience}
                </Badge>
              </HStack>
            )}
          </Stack>
        </HStack>
        <HStack gap="2" wrap="wrap">
          <SwitchButton
            checked={shortcut.visible}
            label={t("shortcuts.showInMenu", { name })}
            stateText={shortcut.visible ? t("shortcuts.shown") : t("shortcuts.hidden")}
            form={formId}
            name="intent"
            value={shortcut.visible ? "hide" : "show"}
          />
          {moveButton("up", first)}
          {moveButton("down", last)}
          {shortcut.own && (
            <>
              <ButtonLink
                size="xs"
                to={shortcutsUrl({ panel: "edit", id: shortcut.uuid })}
                aria-label={t("shortcuts.renameOf", { name })}
              >
                {t("shortcuts.rename")}
              </ButtonLink>
              <ButtonLink
                size="xs"
                variant="danger"
                to={shortcutsUrl({ confirm: "delete", id: shortcut.uuid })}
                aria-label={t("shortcuts.deleteOf", { name })}
              >
                {t("common.delete")}
              </ButtonLink>
            </>
          )}
        </HStack>
      </HStack>
    </Box>
  );
}
