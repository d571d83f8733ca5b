import { CloseButton, Drawer, Field, Input, NativeSelect, Text } from "@chakra-ui/react";
import { useLayoutEffect, useState } from "react";
import { Form, Link as RouterLink, useNavigate } from "react-router";
import { Button } from "../../components/button.tsx";
import { HStack, Stack } from "../../components/layout.tsx";
import { useTranslation } from "../../utils/translation.tsx";
import type { ActionResult } from "./actions.server.ts";
import { linkRoles, type RecordScreen } from "./screens.ts";
import { SearchDropdown } from "./search-dropdown.tsx";
import "../../theme-deferred.ts";

interface LinkPanelProps {
  screen: RecordScreen;
  entityLabel: string;
  search: { q: string; results: { uuid: string; name: string }[] | null };
  result?: ActionResult;
  closeTo: string;
  action: string;
}

/** Links a record of the other entity with a role. Without JavaScript, a search button reloads the panel with matches. */
export function LinkPanel({ screen, entityLabel, search, result, closeTo, action }: LinkPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  // Before the first paint, so the drawer's first focus lands on the search box that replaces
  // the no-JavaScript search form, not on the form that goes away.
  useLayoutEffect(() => setHydrated(true), []);
  const errors = result?.fieldErrors ?? {};
  const searchLabel = t("links.searchFor", { entity: entityLabel });
  return (
    <Drawer.Root
      open
      size="md"
      onOpenChange={(details) => !details.open && navigate(closeTo)}
      onFocusOutside={(e) => e.preventDefault()}
    >
      <Drawer.Backdrop />
      <Drawer.Positioner>
        <Drawer.Content data-testid="link-panel">
          <Drawer.Header>
            <Drawer.Title>{t("links.addTitle", { entity: entityLabel })}</Drawer.Title>
          </Drawer.Header>
          <Drawer.Body>
            <Stack gap="4">
              {!hydrated && (
                <Form method="get" action={closeTo}>
                  <input type="hidden" name="panel" value="link" />
                  <Field.Root>
                    <Field.Label>{searchLabel}</Field.Label>
                    <HStack w="full">
                      <Input name="q" defaultValue={search.q} />
                      <Button type="submit" variant="outline">
                        {t("records.search")}
                      </Button>
                    </HStack>
                  </Field.Root>
                </Form>
              )}
              <Form method="post" action={action} id="link-form" noValidate>
                <Stack gap="4">
                  <Field.Root invalid={Boolean(errors.targetId)}>
                    {hydrated ? (
                      <>
                        <Field.Label>{searchLabel}</Field.Label>
                        <SearchDropdown name="targetId" table={screen.related.table} label={searchLabel} />
                      </>
                    ) : (
                      <Stack role="radiogroup" aria-label={t("links.choose")} gap="1">
                        {search.results?.map((option) => (
                          <label key={option.uuid}>
                            <input type="radio" name="targetId" value={option.uuid} /> {option.name}
                          </label>
                        ))}
                        {search.results && search.results.length === 0 && (
                          <Text color="fg.muted">{t("links.noResults")}</Text>
                        )}
                      </Stack>
                    )}
                    <Field.ErrorText>{errors.targetId}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.role)} required>
                    <Field.Label>
                      {t("links.role")}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field name="role" defaultValue="">
                        <option value="">—</option>
                        {linkRoles.map((role) => (
                          <option key={role} value={role}>
                            {t(`links.roles.${role}`)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.ErrorText>{errors.role}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </Form>
            </Stack>
          </Drawer.Body>
          <Drawer.Footer>
            <Button asChild variant="outline">
              <RouterLink to={closeTo}>{t("records.cancel")}</RouterLink>
            </Button>
            <Button type="submit" form="link-form" name="intent" value="link" colorPalette="teal">
              {t("records.save")}
            </Button>
          </Drawer.Footer>
          <Drawer.CloseTrigger asChild>
            <CloseButton size="sm" asChild>
              <RouterLink to={closeTo} aria-label={t("records.close")} />
            </CloseButton>
          </Drawer.CloseTrigger>
        </Drawer.Content>
      </Drawer.Positioner>
    </Drawer.Root>
  );
}
