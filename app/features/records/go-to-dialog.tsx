import { CloseButton, Dialog, Field, Input } from "@chakra-ui/react";
import { Form, Link as RouterLink, useNavigate } from "react-router";
import { Button } from "../../components/button.tsx";
import { useTranslation } from "../../utils/translation.tsx";
import { type ListParams, listQuery } from "./list-params.ts";
import type { RecordListProps } from "./record-list.tsx";
import "../../theme-deferred.ts";

function HiddenListInputs({ params, omit = [] }: { params: ListParams; omit?: (keyof ListParams)[] }) {
  const entries = Object.entries({
    q: params.q,
    statusId: params.statusId,
    sort: params.sort,
    size: String(params.size),
  });
  return (
    <>
      {entries
        .filter(([name, value]) => value && !omit.includes(name as keyof ListParams))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

/** "Go to page": a dialog in the URL (`?goto=1`), so it also works without JavaScript. */
export function GoToDialog({
  screen,
  params,
  lastPage,
  goTo,
}: Pick<RecordListProps, "screen" | "params" | "lastPage" | "goTo">) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const closeTo = `/${screen.path}${listQuery(params)}`;
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && navigate(closeTo)}
      onFocusOutside={(e) => e.preventDefault()}
    >
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content data-testid="goto-dialog">
          <Form method="get" action={`/${screen.path}`} noValidate>
            <Dialog.Header>
              <Dialog.Title>{t("records.goToPage")}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <HiddenListInputs params={params} />
              <Field.Root invalid={goTo.error}>
                <Field.Label>{t("records.goToPage")}</Field.Label>
                <Input type="number" name="gotoPage" defaultValue={goTo.value} min={1} max={lastPage} autoFocus />
                <Field.ErrorText>{t("records.pageRange")}</Field.ErrorText>
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button asChild variant="outline">
                <RouterLink to={closeTo}>{t("records.cancel")}</RouterLink>
              </Button>
              <Button type="submit" colorPalette="teal">
                {t("records.go")}
              </Button>
            </Dialog.Footer>
          </Form>
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" asChild>
              <RouterLink to={closeTo} aria-label={t("records.close")} />
            </CloseButton>
          </Dialog.CloseTrigger>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
