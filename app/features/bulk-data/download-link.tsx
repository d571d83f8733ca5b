import { Link } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * A link to a file the web app streams from the API (an export, an error file). It is a plain download, never a page
 * of the app: a table's own click handling (which navigates within the app) does not see it.
 */
export function DownloadLink({ href, label, children }: { href: string; label?: string; children: ReactNode }) {
  return (
    <Link href={href} download aria-label={label} colorPalette="teal" onClick={(event) => event.stopPropagation()}>
      {children}
    </Link>
  );
}
