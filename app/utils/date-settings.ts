import { useRouteLoaderData } from "react-router";
import { DEFAULT_TIME_ZONE } from "../../server/contract/time-zones.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { DateSettings } from "./dates.ts";
import { useLanguage } from "./i18n.ts";

/** The page's language and the user's time zone, which the server rendered the page in too. */
export function useDateSettings(): DateSettings {
  const language = useLanguage();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return { language, timeZone: root?.timeZone ?? DEFAULT_TIME_ZONE };
}
