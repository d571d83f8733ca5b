import { Button, CloseButton, Dialog, Drawer, Text } from "@chakra-ui/react";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "../utils/translation.tsx";
import { CloseIcon } from "./icons.tsx";

interface PanelControl {
  closeTo: string;
  /** Closes the panel, asking first when its form has changes; returns false when it asked. */
  requestClose: () => boolean;
}

const PanelContext = createContext<PanelControl | null>(null);

/** A select's option as the page gave it: the one marked selected, or the first when none is. */
function selectChanged(select: HTMLSelectElement): boolean {
  const options = Array.from(select.options);
  const marked = options.some((option) => option.defaultSelected);
  return options.some((option, index) => option.selected !== (marked ? option.defaultSelected : index === 0));
}

/**
 * Whether anything in a form differs from what the page rendered in it: each control against its default (the HTML
 * it came with). Unlike a copy taken once the panel's code runs, this also sees text typed before the page became
 * interactive.
 */
function formChanged(formId: string | undefined): boolean {
  const form = formId ? document.getElementById(formId) : null;
  if (!(form instanceof HTMLFormElement)) return false;
  return Array.from(form.elements).some((element) => {
    if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue;
    if (element instanceof HTMLSelectElement) return !element.multiple && selectChanged(element);
    if (!(element instanceof HTMLInputElement)) return false;
    switch (element.type) {
      case "checkbox":
      case "radio":
        return element.checked !== element.defaultChecked;
      case "file":
        return Boolean(element.files?.length);
      case "hidden":
      case "submit":
      case "button":
        return false;
      default:
        return element.value !== element.defaultValue;
    }
  });
}

export interface SidePanelProps {
  title: string;
  /** Where closing goes: the page under the panel. The panel is URL state, so it opens and closes without JS. */
  closeTo: string;
  /** The panel's form: closing a changed form (Cancel, Escape, the backdrop, ×) asks before the changes are lost. */
  formId?: string;
  /** Buttons: PanelCancel, SubmitButton (with `form={formId}`), or only PanelCancel in view mode. */
  footer: ReactNode;
  children: ReactNode;
  testId?: string;
}

/**
 * Add, edit and view in a side panel (spec §2): Save (or Save Changes) and Cancel, or only Close in view mode;
 * Escape closes it. Chakra's Drawer without a portal, so the server renders it open and text typed before the page
 * is interactive stays.
 */
export function SidePanel({ title, closeTo, formId, footer, children, testId }: SidePanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  // Its code loads after the page's: this tells (tests, scripts) when the panel itself has become interactive.
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);

  const requestClose = () => {
    if (formChanged(formId)) {
      setConfirming(true);
      return false;
    }
    navigate(closeTo);
    return true;
  };

  return (
    <PanelContext.Provider value={{ closeTo, requestClose }}>
      <Drawer.Root
        open
        size="md"
        onOpenChange={(details) => !details.open && requestClose()}
        // In StrictMode a route-controlled drawer would otherwise close on the focus moving during hydration.
        onFocusOutside={(event) => event.preventDefault()}
      >
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid={testId} data-interactive={interactive || undefined}>
            <Drawer.Header>
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{children}</Drawer.Body>
            <Drawer.Footer>{footer}</Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" asChild>
                <Link
                  to={closeTo}
                  aria-label={t("common.close")}
                  onClick={(event) => {
                    event.preventDefault();
                    requestClose();
                  }}
                >
                  <CloseIcon />
                </Link>
              </CloseButton>
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Drawer.Root>
      {confirming && (
        <Dialog.Root open role="alertdialog" onOpenChange={(details) => !details.open && setConfirming(false)}>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="confirm-discard">
              <Dialog.Header>
                <Dialog.Title>{t("panel.discardTitle")}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>{t("panel.discardText")}</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setConfirming(false)}>
                  {t("panel.keepEditing")}
                </Button>
                <Button colorPalette="red" onClick={() => navigate(closeTo)}>
                  {t("panel.discard")}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Dialog.Root>
      )}
    </PanelContext.Provider>
  );
}

/** The panel's Cancel (or Close, in view mode): a link back, which asks first when the form has changes. */
export function PanelCancel({ label }: { label?: string }) {
  const { t } = useTranslation();
  const panel = useContext(PanelContext);
  if (!panel) throw new Error("PanelCancel belongs in a SidePanel");
  return (
    <Button asChild variant="outline">
      <Link
        to={panel.closeTo}
        onClick={(event) => {
          event.preventDefault();
          panel.requestClose();
        }}
      >
        {label ?? t("common.cancel")}
      </Link>
    </Button>
  );
}
