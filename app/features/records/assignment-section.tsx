import { Card, Field, Heading, Input, NativeSelect, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { Form } from "react-router";
import { Button } from "../../components/button.tsx";
import { HStack, Stack } from "../../components/layout.tsx";
import { useTranslation } from "../../utils/translation.tsx";
import type { RecordDetailData } from "./detail.server.ts";
import { SearchDropdown } from "./search-dropdown.tsx";
import "../../theme-deferred.ts";

// User and group searches answer faster than the general dropdown (500 ms against 1 s).
const USER_SEARCH_DEBOUNCE_MS = 500;

type Assignments = NonNullable<RecordDetailData["assignments"]>;

/** Who is notified about the record: groups and users, added and removed with plain forms. */
export function AssignmentSection({ assignments, action }: { assignments: Assignments; action: string }) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const assignedGroupIds = new Set(assignments.groups.map((g) => g.uuid));
  const available = assignments.groupOptions.filter((g) => !assignedGroupIds.has(g.uuid));
  return (
    <Card.Root data-testid="assignments">
      <Card.Header>
        <Heading size="md">{t("assignments.title")}</Heading>
      </Card.Header>
      <Card.Body gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t("assignments.groups")}
        </Text>
        {assignments.groups.length === 0 && <Text>{t("assignments.noGroups")}</Text>}
        {assignments.groups.map((group) => (
          <HStack key={group.uuid} justify="space-between">
            <Text>{group.name}</Text>
            {assignments.canRemove && (
              <Form method="post" action={action}>
                <input type="hidden" name="groupId" value={group.uuid} />
                <Button
                  type="submit"
                  name="intent"
                  value="removeGroup"
                  size="xs"
                  variant="outline"
                  aria-label={`${t("links.remove")} ${group.name}`}
                >
                  {t("links.remove")}
                </Button>
              </Form>
            )}
          </HStack>
        ))}
        {assignments.canAssign && (
          <Form method="post" action={action}>
            <HStack>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field name="groupId" aria-label={t("assignments.addGroup")} defaultValue="">
                  <option value="">—</option>
                  {available.map((group) => (
                    <option key={group.uuid} value={group.uuid}>
                      {group.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Button type="submit" name="intent" value="assignGroup" size="sm" variant="outline">
                {t("assignments.addGroup")}
              </Button>
            </HStack>
          </Form>
        )}

        <Text fontSize="sm" color="fg.muted" mt="2">
          {t("assignments.users")}
        </Text>
        {assignments.users.length === 0 && <Text>{t("assignments.noUsers")}</Text>}
        {assignments.users.map((user) => (
          <HStack key={user.uuid} justify="space-between">
            <Text>
              {user.firstName} {user.lastName}
            </Text>
            {assignments.canRemove && (
              <Form method="post" action={action}>
                <input type="hidden" name="userId" value={user.uuid} />
                <Button
                  type="submit"
                  name="intent"
                  value="removeUser"
                  size="xs"
                  variant="outline"
                  aria-label={`${t("links.remove")} ${user.firstName} ${user.lastName}`}
                >
                  {t("links.remove")}
                </Button>
              </Form>
            )}
          </HStack>
        ))}
        {assignments.canAssign &&
          (hydrated ? (
            <Form method="post" action={action}>
              <Stack gap="2">
                <SearchDropdown
                  name="userId"
                  table="user"
                  label={t("assignments.addUser")}
                  debounceMs={USER_SEARCH_DEBOUNCE_MS}
                />
                <Button type="submit" name="intent" value="assignUser" size="sm" variant="outline" alignSelf="start">
                  {t("assignments.addUser")}
                </Button>
              </Stack>
            </Form>
          ) : (
            <Stack gap="2">
              <Form method="get" action={action.split("?")[0]}>
                <Field.Root>
                  <Field.Label srOnly>{t("assignments.addUser")}</Field.Label>
                  <HStack w="full">
                    <Input
                      name="userQ"
                      size="sm"
                      defaultValue={assignments.userSearch.q}
                      aria-label={t("assignments.addUser")}
                    />
                    <Button type="submit" size="sm" variant="outline">
                      {t("records.search")}
                    </Button>
                  </HStack>
                </Field.Root>
              </Form>
              {assignments.userSearch.results && (
                <Form method="post" action={action}>
                  <Stack gap="1">
                    {assignments.userSearch.results.map((user) => (
                      <label key={user.uuid}>
                        <input type="radio" name="userId" value={user.uuid} /> {user.name}
                      </label>
                    ))}
                    {assignments.userSearch.results.length === 0 && (
                      <Text color="fg.muted">{t("links.noResults")}</Text>
                    )}
                    <Button
                      type="submit"
                      name="intent"
                      value="assignUser"
                      size="sm"
                      variant="outline"
                      alignSelf="start"
                    >
                      {t("assignments.addUser")}
                    </Button>
                  </Stack>
                </Form>
              )}
            </Stack>
          ))}
      </Card.Body>
    </Card.Root>
  );
}
